-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-per-placement
-- category: integrity
-- weight: 1
-- description: After every run each placement is on the gate list at most once; rows without a
--  readable placement id count as violations; an empty gate list after the last run fails. The
--  starter passes this: a regression guard.
SELECT cp, placement_id, count(*) AS rows, 'listed more than once' AS problem
FROM o_gate WHERE placement_id IS NOT NULL GROUP BY cp, placement_id HAVING count(*) > 1
UNION ALL
SELECT cp, NULL, count(*), 'rows without a placement id' FROM o_gate WHERE placement_id IS NULL GROUP BY cp
UNION ALL
SELECT 'final', NULL, 0, 'the gate list is empty or missing' WHERE NOT EXISTS (SELECT 1 FROM o_gate WHERE cp = 'final')
