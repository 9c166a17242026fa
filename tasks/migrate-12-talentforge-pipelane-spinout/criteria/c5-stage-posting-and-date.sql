-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-stage-posting-and-date
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Every opportunity of an in-scope application sits at the stage the stage map gives for the
--   application's TalentForge stage of the same checkpoint (the move week's changes forwarded by the receiver
--   before the final run; the late week's new applications from the final run on), on the posting the posting map gives for its requisition's title, with createdAt
--   = the application's created_at to the millisecond. Fails when no opportunity exists.
SELECT o.cp, o.id, a.app_id, o.stage, a.want_stage, coalesce(p.text, 'no posting') AS posting, a.want_posting,
       CAST(o.created_at AS VARCHAR) AS created_at, CAST(a.created_at AS VARCHAR) AS tf_created_at
FROM k_opp o JOIN k_app a ON a.cp = o.cp AND a.app_id = o.app_id AND a.in_scope
LEFT JOIN k_posting p ON p.id = o.posting_id
WHERE o.stage IS DISTINCT FROM a.want_stage
   OR p.text IS DISTINCT FROM a.want_posting
   OR o.created_at IS DISTINCT FROM a.created_at
UNION ALL
SELECT 'final', NULL, NULL, NULL, NULL, 'no opportunity in Pipelane', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM k_opp)
