-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-deleted-flagged
-- category: correctness
-- weight: 2
-- population: SELECT count(*) FROM k_cand WHERE cp = 'final' AND client IN ('ashford', 'cobalt') AND deleted
-- description: After the second run every Ashford and Cobalt candidate deleted in the client's ATS
--  (Conflux's remote_was_deleted: those deleted before the first run and the 4 Cobalt deletions of
--  the day) is in the table with deleted = 1 and its other columns as Conflux has them.
WITH f AS (SELECT * FROM o_cand WHERE cp = 'final'
           QUALIFY row_number() OVER (PARTITION BY client, remote_id ORDER BY deleted DESC, conflux_id, name, emails) = 1)
SELECT k.client, k.remote_id,
       CASE WHEN f.remote_id IS NULL THEN 'missing from the table'
            WHEN NOT f.deleted THEN 'not flagged deleted'
            ELSE 'a column differs' END AS problem,
       f.name || ' / ' || f.emails AS stored, k.name || ' / ' || k.emails AS conflux
FROM k_cand k
LEFT JOIN o_cand m ON m.cp = 'final' AND m.client = k.client AND m.remote_id = k.remote_id AND m.deleted
                  AND m.conflux_id IS NOT DISTINCT FROM k.conflux_id AND m.name IS NOT DISTINCT FROM k.name
                  AND m.emails IS NOT DISTINCT FROM k.emails AND m.modified_ts = k.modified_ts
LEFT JOIN f ON f.client = k.client AND f.remote_id = k.remote_id
WHERE k.cp = 'final' AND k.client IN ('ashford', 'cobalt') AND k.deleted AND m.remote_id IS NULL
