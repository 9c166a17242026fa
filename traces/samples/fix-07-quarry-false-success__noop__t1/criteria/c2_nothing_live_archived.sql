-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-nothing-live-archived
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: At no checkpoint does the planner flag archived an application that is still in
--   Quarry (fails too when the planner is empty after a complete walk).
SELECT o.cp, o.id, o.job_id, o.status, 'archived while live in Quarry' AS why
FROM o_apps o
WHERE o.archived IS DISTINCT FROM 0 AND EXISTS (SELECT 1 FROM q_apps q WHERE q.cp = o.cp AND q.id = o.id)
UNION ALL
SELECT c.cp, NULL, NULL, NULL, 'the planner is empty' FROM (VALUES ('cp1'), ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_apps o WHERE o.cp = c.cp)
