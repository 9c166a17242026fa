-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-consider-never-clear
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No nurse whose check came back CONSIDER is shown as clear in Crewtide, at any
--  checkpoint. Guarded: no CONSIDER result among the nurses' checks at the end proves nothing.
SELECT e.cp, e.candidate_id, e.check_id, s.value AS shown
FROM expected_screening e
JOIN shown_screening s ON s.cp = e.cp AND s.candidate_id = e.candidate_id
WHERE e.status = 'complete' AND e.result = 'consider' AND s.value = 'clear'
UNION ALL
SELECT 'final', NULL, NULL, 'no CONSIDER result to judge'
WHERE NOT EXISTS (SELECT 1 FROM expected_screening WHERE cp = 'final' AND result = 'consider')
