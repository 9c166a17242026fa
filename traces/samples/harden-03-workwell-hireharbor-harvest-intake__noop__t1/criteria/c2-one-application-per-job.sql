-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-one-application-per-job
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No HireHarbor candidate has two applications to the same job after either run.
--  A checkpoint at which the bridge had created no application is a violation too.
SELECT cp AS checkpoint, candidate_id, job_id, count(*) AS applications, list(id ORDER BY id) AS application_ids
FROM ak_hh_apps GROUP BY cp, candidate_id, job_id HAVING count(*) > 1
UNION ALL
SELECT t.cp, NULL, NULL, 0, NULL
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_hh_apps a WHERE a.cp = t.cp AND a.new)
