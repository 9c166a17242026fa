-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-per-id
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: Each Quarry candidate and interview is in the mirror at most once, after every run.
--  An empty mirror fails.
-- Weight 1: the starter's tables have primary keys, so it passes this regression guard.
SELECT cp, 'candidate' AS kind, id, count(*) AS rows_in_mirror FROM o_cands GROUP BY cp, id HAVING count(*) > 1
UNION ALL
SELECT cp, 'interview', id, count(*) FROM o_ints GROUP BY cp, id HAVING count(*) > 1
UNION ALL
SELECT c.cp, 'mirror', NULL, 0 FROM (VALUES ('cp1'), ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_cands o WHERE o.cp = c.cp)
