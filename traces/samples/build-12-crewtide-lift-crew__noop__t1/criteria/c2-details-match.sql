-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-details-match
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_crew
-- description: Every roster line of a crew application carries the details of its own candidate, job and
--   stage as Crewtide held them at that checkpoint (candidate_id, first and last name, e-mail, job title,
--   department, stage name, the application's created_at); a related record of another type with the
--   same id is not it. A checkpoint whose roster is empty counts every crew application as wrong.
-- The answer key (ak_*) is in _answer_key.sql.
SELECT o.cp, o.application_id,
       CASE WHEN o.candidate_id IS DISTINCT FROM k.candidate_id THEN 'candidate_id'
            WHEN o.first_name IS DISTINCT FROM k.first_name OR o.last_name IS DISTINCT FROM k.last_name THEN 'name'
            WHEN lower(trim(o.email)) IS DISTINCT FROM lower(trim(k.email)) THEN 'email'
            WHEN o.job_title IS DISTINCT FROM k.job_title OR o.department IS DISTINCT FROM k.department THEN 'job'
            WHEN o.stage IS DISTINCT FROM k.stage THEN 'stage'
            ELSE 'created_at' END AS first_wrong_column,
       o.first_name, k.first_name AS expected_first_name, o.job_title, k.job_title AS expected_job_title
FROM ak_out o JOIN ak_crew k ON k.cp = o.cp AND k.application_id = o.application_id
WHERE o.candidate_id IS DISTINCT FROM k.candidate_id
   OR o.first_name IS DISTINCT FROM k.first_name OR o.last_name IS DISTINCT FROM k.last_name
   OR lower(trim(o.email)) IS DISTINCT FROM lower(trim(k.email))
   OR o.job_title IS DISTINCT FROM k.job_title OR o.department IS DISTINCT FROM k.department
   OR o.stage IS DISTINCT FROM k.stage OR o.created_at IS DISTINCT FROM k.created_at
UNION ALL
SELECT k.cp, k.application_id, 'the roster of this checkpoint is empty', NULL, NULL, NULL, NULL
FROM ak_crew k
WHERE NOT EXISTS (SELECT 1 FROM ak_out o WHERE o.cp = k.cp)
