-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-annotations-follow-their-person
-- category: integrity
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_notes
-- description: After the re-key, after the first sync and at the end, every handed-over acct_helix
--  annotation is still there, unchanged (id, author, note, created_at), on acct_helix and on its
--  person's re-keyed row: the HireHarbor id of its Conflux row, or, for a merged duplicate, the
--  candidate it was merged into by then (merges after the switch included: at the checkpoint after the
--  night that saw them). No acct_helix annotation appears that was not handed over (a copy).
WITH o AS (
    SELECT cp, TRY_CAST(id AS BIGINT) AS id, CAST(account_id AS VARCHAR) AS account_id,
           CAST(candidate_id AS VARCHAR) AS candidate_id, CAST(author AS VARCHAR) AS author,
           CAST(note AS VARCHAR) AS note, CAST(created_at AS VARCHAR) AS created_at
    FROM ak_ann
)
SELECT n.cp, n.id, 'annotation lost' AS problem, n.want_key AS expected_row, NULL AS store_row
FROM ak_notes n ANTI JOIN o ON o.cp = n.cp AND o.id = n.id
UNION ALL
SELECT o.cp, n.id, 'annotation on the wrong row or changed', n.want_key, o.account_id || '/' || o.candidate_id
FROM ak_notes n JOIN o ON o.cp = n.cp AND o.id = n.id
WHERE o.account_id IS DISTINCT FROM 'acct_helix' OR o.candidate_id IS DISTINCT FROM n.want_key
   OR o.author IS DISTINCT FROM n.author OR o.note IS DISTINCT FROM n.note OR o.created_at IS DISTINCT FROM n.created_at
UNION ALL
SELECT o.cp, o.id, 'an acct_helix annotation that was not handed over', NULL, o.candidate_id
FROM o WHERE o.account_id = 'acct_helix' AND o.id NOT IN (SELECT id FROM ak_notes)
