-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-one-row-per-application
-- category: integrity
-- weight: 1
-- description: One planner row per Quarry application at every checkpoint (fails too when the
--   planner is empty at the end). The starter passes this: a regression guard.
SELECT cp, id, count(*) AS rows FROM o_apps GROUP BY cp, id HAVING count(*) > 1
UNION ALL
SELECT 'final', 'the planner is empty', NULL WHERE NOT EXISTS (SELECT 1 FROM o_apps WHERE cp = 'final')
