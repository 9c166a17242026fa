-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-results-filed
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After every cycle, each completed check (except the completions ClearCheck never
--  announced, which are c5's) has its exact note on the applicant and the applicant is Cleared on
--  the Offer job exactly when the result is clear; no applicant is Cleared without a completed
--  clear check, and no background-check note names a check or result ClearCheck does not have.
SELECT cp, applicant_id, check_id, 'note missing: ' || contents AS problem
FROM expected_notes e
WHERE check_id NOT IN (SELECT id FROM silent_checks)
  AND NOT EXISTS (SELECT 1 FROM js_notes j WHERE j.cp = e.cp AND j.applicant_id = e.applicant_id
                  AND trim(j.contents) = e.contents)
UNION ALL
SELECT e.cp, e.applicant_id, e.check_id,
       'result ' || e.result || ' but the applicant is ' || coalesce(s.status, 'not on the job')
FROM expected_notes e LEFT JOIN js_status s ON s.cp = e.cp AND s.applicant_id = e.applicant_id AND s.job_id = e.job_id
WHERE e.check_id NOT IN (SELECT id FROM silent_checks)
  AND (s.status = 'Cleared') IS DISTINCT FROM (e.result = 'clear')
UNION ALL
SELECT s.cp, s.applicant_id, NULL, 'Cleared without a completed clear check'
FROM js_status s JOIN cps USING (cp)
WHERE s.status = 'Cleared'
  AND NOT EXISTS (SELECT 1 FROM expected_notes e WHERE e.cp = s.cp AND e.applicant_id = s.applicant_id
                  AND e.result = 'clear')
UNION ALL
SELECT j.cp, j.applicant_id, NULL, 'note names no completed check with that result: ' || j.contents
FROM js_notes j JOIN cps USING (cp)
WHERE j.contents LIKE 'Background check:%'
  AND NOT EXISTS (SELECT 1 FROM expected_notes e WHERE e.cp = j.cp AND e.applicant_id = j.applicant_id
                  AND e.contents = trim(j.contents))
UNION ALL
SELECT NULL, NULL, NULL, 'no check completed' WHERE NOT EXISTS (SELECT 1 FROM expected_notes)
