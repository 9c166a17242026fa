-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-deleted-archived
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Every application the planner had to show after run 2 and that was deleted in
--   Quarry before the end is still in the planner at the end, flagged archived, with the job_id
--   and status Quarry last had (at cp2).
WITH gone AS (
    SELECT k.id, k.job_id, k.status FROM k_live k
    WHERE k.cp = 'cp2' AND NOT EXISTS (SELECT 1 FROM q_apps q WHERE q.cp = 'final' AND q.id = k.id)
)
SELECT g.id, g.job_id, g.status,
       CASE WHEN NOT EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = 'final' AND o.id = g.id) THEN 'missing'
            ELSE 'not archived, or job_id / status not as Quarry last had them' END AS why
FROM gone g
WHERE NOT EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = 'final' AND o.id = g.id AND o.archived = 1
                  AND o.job_id = g.job_id AND o.status = g.status)
UNION ALL
SELECT 'no application was deleted', NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM gone)
