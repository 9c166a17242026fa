-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-consider-never-clear
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No nurse with a check that came back CONSIDER is shown as clear in Crewtide, at
--  any checkpoint (whatever other check of theirs says). Guarded: no CONSIDER result among the
--  nurses' checks at the end proves nothing.
SELECT k.cp, k.candidate_id, k.check_id, s.value AS shown
FROM hire_checks k
JOIN shown_screening s ON s.cp = k.cp AND s.candidate_id = k.candidate_id
WHERE k.status = 'complete' AND k.result = 'consider' AND s.value = 'clear'
UNION ALL
SELECT 'final', NULL, NULL, 'no CONSIDER result to judge'
WHERE NOT EXISTS (SELECT 1 FROM expected_screening WHERE cp = 'final' AND result = 'consider')
