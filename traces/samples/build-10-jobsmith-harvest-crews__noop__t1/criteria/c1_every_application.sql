-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-application
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_key WHERE (cp, applicant_id, job_title) NOT IN (SELECT (cp, applicant_id, job_title) FROM ak_single)
-- description: After each run, every application of a visible Jobsmith applicant is on the list exactly once
--   (applicant id and job title) with the applicant's name, and nothing else is: no hidden applicant, no
--   pair Jobsmith does not have. The applications Jobsmith serves as a lone object are c4's.
-- The answer key (ak_*) is in _answer_key.sql.
WITH n AS (SELECT cp, applicant_id, trim(job_title) AS job_title, count(*) AS n_rows FROM ak_out GROUP BY ALL),
k AS (SELECT * FROM ak_key WHERE (cp, applicant_id, job_title) NOT IN (SELECT (cp, applicant_id, job_title) FROM ak_single))
SELECT k.cp, k.applicant_id, k.job_title, 'missing' AS problem, NULL AS detail
FROM k LEFT JOIN n ON n.cp = k.cp AND n.applicant_id = k.applicant_id AND n.job_title = k.job_title
WHERE n.applicant_id IS NULL
UNION ALL
SELECT n.cp, n.applicant_id, n.job_title, 'duplicated', CAST(n.n_rows AS VARCHAR)
FROM n JOIN ak_key k ON k.cp = n.cp AND k.applicant_id = n.applicant_id AND k.job_title = n.job_title
WHERE n.n_rows > 1
UNION ALL
SELECT n.cp, n.applicant_id, n.job_title, 'not an application Jobsmith shows', NULL
FROM n WHERE NOT EXISTS (SELECT 1 FROM ak_key k WHERE k.cp = n.cp AND k.applicant_id = n.applicant_id
                                                 AND k.job_title = n.job_title)
UNION ALL
SELECT o.cp, o.applicant_id, o.job_title, 'name', o.name
FROM ak_out o JOIN ak_key k ON k.cp = o.cp AND k.applicant_id = o.applicant_id AND k.job_title = trim(o.job_title)
WHERE trim(coalesce(o.name, '')) IS DISTINCT FROM k.name
