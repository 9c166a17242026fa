-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-applied-noon-chicago
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After the next night's run and after the check run, every migrated application's
--  applied_at is its Jobsmith date (as Jobsmith shows it, in the account's Chicago zone) at 12:00
--  America/Chicago (17:00Z in summer, 18:00Z in winter); the pilot's applications keep theirs (c10).
--  Fails when there is no application beside the pilot's.
SELECT a.cp, r.applicant_id, a.id AS application_id, a.applied_at, r.want_applied_at, 'applied_at' AS problem
FROM ak_apps a
JOIN ak_owner o ON o.cp = a.cp AND o.candidate_id = a.candidate_id
JOIN ak_rec r ON r.person = o.person AND r.hh_job_id = a.job_id
WHERE a.applied_at IS DISTINCT FROM r.want_applied_at AND a.id NOT IN (SELECT id FROM ak_pilot_apps)
UNION ALL
SELECT c.cp, NULL, NULL, NULL, NULL, 'no application'
FROM (VALUES ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_apps a WHERE a.cp = c.cp AND a.id NOT IN (SELECT id FROM ak_pilot_apps))
