-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-silent-completions-filed
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: The checks that completed while ClearCheck's webhooks were lost are filed by the
--  next cycle all the same (cp3) and stay filed (cp4, final): exact note, Cleared exactly when
--  clear, and checks.db shows them complete with their result and completed_at. Guarded: a
--  scenario without such completions proves nothing.
SELECT e.cp, e.applicant_id, e.check_id, 'note missing: ' || e.contents AS problem
FROM expected_notes e
WHERE e.check_id IN (SELECT id FROM silent_checks) AND e.n >= 3
  AND NOT EXISTS (SELECT 1 FROM js_notes j WHERE j.cp = e.cp AND j.applicant_id = e.applicant_id
                  AND trim(j.contents) = e.contents)
UNION ALL
SELECT e.cp, e.applicant_id, e.check_id,
       'result ' || e.result || ' but the applicant is ' || coalesce(s.status, 'not on the job')
FROM expected_notes e LEFT JOIN js_status s ON s.cp = e.cp AND s.applicant_id = e.applicant_id AND s.job_id = e.job_id
WHERE e.check_id IN (SELECT id FROM silent_checks) AND e.n >= 3
  AND (s.status = 'Cleared') IS DISTINCT FROM (e.result = 'clear')
UNION ALL
SELECT k.cp, k.applicant_id, k.id, 'checks.db does not show it as ClearCheck has it'
FROM offer_checks k
WHERE k.id IN (SELECT id FROM silent_checks) AND k.n >= 3
  AND NOT EXISTS (SELECT 1 FROM out_checks o WHERE o.cp = k.cp AND o.check_id = k.id
                  AND o.applicant_id = k.applicant_id AND o.status = k.status
                  AND o.result IS NOT DISTINCT FROM k.result
                  AND o.completed_at IS NOT DISTINCT FROM date_trunc('second', CAST(k.completed_at AS TIMESTAMPTZ)))
UNION ALL
SELECT NULL, NULL, NULL, 'no check completed while webhooks were lost'
WHERE NOT EXISTS (SELECT 1 FROM expected_notes WHERE check_id IN (SELECT id FROM silent_checks))
