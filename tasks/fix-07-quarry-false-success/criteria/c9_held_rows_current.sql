-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-held-rows-current
-- category: correctness
-- weight: 1
-- description: At every checkpoint, each application the planner shows (not archived) that is in
--   Quarry carries Quarry's job_id and status of that moment (fails too when the planner is empty
--   at the end). The starter passes this: a regression guard.
SELECT o.cp, o.id, o.job_id, o.status, q.job_id AS quarry_job_id, q.status AS quarry_status
FROM o_apps o JOIN q_apps q ON q.cp = o.cp AND q.id = o.id
WHERE o.archived = 0 AND (o.job_id IS DISTINCT FROM q.job_id OR o.status IS DISTINCT FROM q.status)
UNION ALL
SELECT 'final', 'the planner is empty', NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM o_apps WHERE cp = 'final')
