-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-no-duplicates
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Each candidate appears in volunteers.csv at most once after each run (the planner
--  invites every row); an empty or missing file fails.
SELECT checkpoint, raw_id AS candidate_id, count(*) AS rows_in_file
FROM ak_output GROUP BY checkpoint, raw_id HAVING count(*) > 1
UNION ALL
SELECT c.checkpoint, NULL, 0
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM ak_output o WHERE o.checkpoint = c.checkpoint)
