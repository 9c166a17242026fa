-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-each-rider-once
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Regression guard: after each morning the list holds each rider application once and
--   nothing else (no second row for one candidate id, no Dispatcher or Hub Supervisor applicant, no
--   id Workwell does not have). An empty list fails.
SELECT l.hex_id AS candidate_id, l.checkpoint, 'not an application to a rider job' AS problem
FROM ak_list l
WHERE NOT EXISTS (SELECT 1 FROM ak_riders k WHERE k.checkpoint = l.checkpoint AND k.hex_id = l.hex_id)
UNION ALL
SELECT hex_id, checkpoint, 'listed ' || count(*) || ' times'
FROM ak_list GROUP BY checkpoint, hex_id HAVING count(*) > 1
UNION ALL
SELECT NULL, cp, 'the list is empty'
FROM (VALUES ('cp1'), ('final')) v(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_list WHERE checkpoint = cp)
