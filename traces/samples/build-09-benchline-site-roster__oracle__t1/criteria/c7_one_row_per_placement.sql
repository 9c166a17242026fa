-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-one-row-per-placement
-- category: integrity
-- weight: 1
-- description: After every run each placement is on the roster at most once; rows without a
--  readable placement id count as violations. An empty final roster fails.
SELECT cp, placement_id, count(*) AS rows, 'listed more than once' AS problem
FROM o_roster WHERE placement_id IS NOT NULL GROUP BY cp, placement_id HAVING count(*) > 1
UNION ALL
SELECT cp, NULL, count(*), 'rows without a placement id' FROM o_roster WHERE placement_id IS NULL GROUP BY cp
UNION ALL
SELECT 'final', NULL, 0, 'the roster is empty or missing' WHERE (SELECT count(*) FROM o_roster WHERE cp = 'final') = 0
