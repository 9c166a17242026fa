-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-status-mapped
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After the next night's run and after the check run, every application of a person's
--  candidate on a job one of their records maps to has the record's status by the ticket's table: New
--  active in "Application Review", Interview active in "Face to Face", Hired hired, Rejected rejected
--  with reason "Other" — except the pilot's applications (in HireHarbor before the scenario), which
--  the ticket keeps as the recruiters left them (c10). Fails when there is no application beside the pilot's.
SELECT a.cp, r.applicant_id, a.id AS application_id, a.status, a.current_stage_id, a.rejection_reason,
       'expected ' || r.want_status || coalesce(' at stage ' || CAST(r.want_stage_id AS VARCHAR), '') AS problem
FROM ak_apps a
JOIN ak_owner o ON o.cp = a.cp AND o.candidate_id = a.candidate_id
JOIN ak_rec r ON r.person = o.person AND r.hh_job_id = a.job_id
WHERE a.id NOT IN (SELECT id FROM ak_pilot_apps)
  AND (a.status IS DISTINCT FROM r.want_status
   OR (r.want_status = 'active' AND a.current_stage_id IS DISTINCT FROM r.want_stage_id)
   OR (r.want_status = 'rejected' AND a.rejection_reason IS DISTINCT FROM 'Other'))
UNION ALL
SELECT c.cp, NULL, NULL, NULL, NULL, NULL, 'no application'
FROM (VALUES ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_apps a WHERE a.cp = c.cp AND a.id NOT IN (SELECT id FROM ak_pilot_apps))
