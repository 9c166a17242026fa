-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-new-riders-listed
-- category: correctness
-- weight: 6
-- mandatory: true
-- description: After the second morning every rider application that arrived overnight (ids from
--   0x1000) is on the list with Workwell's values (the same columns as c1). A run that found no new
--   rider application fails with one row per rider missing.
SELECT hex_id AS candidate_id, checkpoint, problem
FROM ak_compared
WHERE NOT at_reset AND problem <> ''
UNION ALL
SELECT NULL, 'final', 'no rider arrived overnight: the scenario is wrong'
WHERE NOT EXISTS (SELECT 1 FROM ak_riders WHERE checkpoint = 'final' AND NOT at_reset)
