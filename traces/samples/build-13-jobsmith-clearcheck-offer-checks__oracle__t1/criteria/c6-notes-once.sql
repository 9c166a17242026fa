-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-notes-once
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: No background-check note is written twice, and run 4 (which saw no new
--  completion: only new offers) adds none. Guarded: no background-check note at all proves
--  nothing.
SELECT cp, applicant_id, count(*) || ' copies of: ' || trim(contents) AS problem
FROM js_notes WHERE contents LIKE 'Background check:%'
GROUP BY cp, applicant_id, trim(contents) HAVING count(*) > 1
UNION ALL
SELECT 'cp4', j.applicant_id, 'note added by run 4: ' || j.contents
FROM cp_cp4.jobsmith_notes j
WHERE j.contents LIKE 'Background check:%' AND j.id NOT IN (SELECT id FROM cp_cp3.jobsmith_notes)
UNION ALL
SELECT NULL, NULL, 'no background-check note'
WHERE NOT EXISTS (SELECT 1 FROM state.jobsmith_notes WHERE contents LIKE 'Background check:%')
