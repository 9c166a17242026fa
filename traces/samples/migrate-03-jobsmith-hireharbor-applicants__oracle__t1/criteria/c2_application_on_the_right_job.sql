-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-application-on-the-right-job
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) * 2 FROM ak_rec r WHERE r.hh_job_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ak_pilot_apps a JOIN ak_pilot_cands c ON c.id = a.candidate_id WHERE a.job_id = r.hh_job_id AND r.email <> '' AND list_contains(c.emails, r.email))
-- description: After the next night's run and after the check run, every Jobsmith record whose job's
--  internal code is a HireHarbor requisition id has an application of its person's candidate on that
--  job, and no person's candidate has an application on a job none of their records maps to (a no_job
--  record put elsewhere, a wrong job). Duplicates are c3's. Partial credit counts the records the
--  migration had to bring (not the pilot's).
WITH cps AS (SELECT * FROM (VALUES ('cp2'), ('final')) t(cp)),
person_apps AS (
    SELECT a.cp, o.person, a.id, a.job_id FROM ak_apps a JOIN ak_owner o ON o.cp = a.cp AND o.candidate_id = a.candidate_id
)
SELECT cps.cp, r.applicant_id, r.person, r.hh_job_id, 'no application on the requisition''s job' AS problem
FROM cps CROSS JOIN ak_rec r
WHERE r.hh_job_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM person_apps pa WHERE pa.cp = cps.cp AND pa.person = r.person AND pa.job_id = r.hh_job_id)
UNION ALL
SELECT pa.cp, NULL, pa.person, pa.job_id, 'application ' || CAST(pa.id AS VARCHAR) || ' on a job none of the person''s records maps to'
FROM person_apps pa
WHERE NOT EXISTS (SELECT 1 FROM ak_rec r WHERE r.person = pa.person AND r.hh_job_id = pa.job_id)
