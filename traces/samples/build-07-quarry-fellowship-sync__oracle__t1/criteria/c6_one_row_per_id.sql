-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-per-id
-- category: integrity
-- weight: 1
-- description: At the end the store holds each Quarry id once and no id Quarry never had (an empty
--  store fails).
SELECT id, 'candidates' AS tbl, 'stored ' || n || ' times' AS problem FROM o_cand WHERE cp = 'final' AND n > 1
UNION ALL
SELECT id, 'applications', 'stored ' || n || ' times' FROM o_app WHERE cp = 'final' AND n > 1
UNION ALL
SELECT o.id, 'candidates', 'not a Quarry id' FROM o_cand o
WHERE o.cp = 'final' AND o.id NOT IN (SELECT id FROM q_cand) AND o.id NOT IN (SELECT id FROM cp_initial.quarry_candidates)
UNION ALL
SELECT o.id, 'applications', 'not a Quarry id' FROM o_app o
WHERE o.cp = 'final' AND o.id NOT IN (SELECT id FROM q_app) AND o.id NOT IN (SELECT id FROM cp_initial.quarry_applications)
UNION ALL
SELECT NULL, 'candidates', 'the table is empty or missing' WHERE NOT EXISTS (SELECT 1 FROM o_cand WHERE cp = 'final')
UNION ALL
SELECT NULL, 'applications', 'the table is empty or missing' WHERE NOT EXISTS (SELECT 1 FROM o_app WHERE cp = 'final')
