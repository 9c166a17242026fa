-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-live-applications-shown
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After runs 1, 2 and 4 (complete walks), every application of every job the key
--   may read is in the planner, not archived, with Quarry's job_id and status. (Run 3's walk
--   cannot complete; what it must not do is c2's and c7's.)
SELECT k.cp, k.id, k.job_id, k.status,
       CASE WHEN NOT EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = k.cp AND o.id = k.id) THEN 'missing'
            WHEN EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = k.cp AND o.id = k.id AND o.archived IS DISTINCT FROM 0)
                THEN 'archived or no flag' ELSE 'job_id or status differs' END AS why
FROM k_live k
WHERE k.cp IN ('cp1', 'cp2', 'final')
  AND NOT EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = k.cp AND o.id = k.id AND o.archived = 0
                  AND o.job_id = k.job_id AND o.status = k.status)
