-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-consider-never-cleared
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Applicants whose check came back consider are never Cleared, at any checkpoint.
--  Guarded: a run in which no check of an offer applicant completed as consider proves nothing.
SELECT s.cp, s.applicant_id, 'Cleared though the check is consider: ' || e.check_id AS problem
FROM expected_notes e JOIN js_status s ON s.applicant_id = e.applicant_id AND s.job_id = e.job_id
WHERE e.cp = 'final' AND e.result = 'consider' AND s.status = 'Cleared'
UNION ALL
SELECT NULL, NULL, 'no check completed as consider'
WHERE NOT EXISTS (SELECT 1 FROM expected_notes WHERE cp = 'final' AND result = 'consider')
