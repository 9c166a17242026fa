-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-screening-mirrors-clearcheck
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM expected_screening
-- description: After every cycle, each hired nurse with a check shows ClearCheck's state of it in
--  Crewtide's screening-status: ordered (pending), in_progress, clear or consider (the result of a
--  complete check), cancelled. Guarded: no nurse with a check at the end proves nothing.
SELECT e.cp, e.candidate_id, e.check_id, e.status, e.result, e.screening AS expected, s.value AS shown
FROM expected_screening e
LEFT JOIN shown_screening s ON s.cp = e.cp AND s.candidate_id = e.candidate_id
WHERE s.value IS DISTINCT FROM e.screening
UNION ALL
SELECT 'final', NULL, NULL, NULL, NULL, 'a nurse with a check', NULL
WHERE NOT EXISTS (SELECT 1 FROM expected_screening WHERE cp = 'final')
