-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-applicants-migrated
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After runs 2 and 3 (cp2, final) every Workwell applicant whose stage is on the
--   status map, and every disqualified one, is exactly one Scoutly candidate (externalId = the
--   Workwell id as Workwell shows it) with Workwell's first and last name, e-mail and phone (none
--   when Workwell has none), with exactly one application, on the Scoutly job of their Workwell
--   job, in the status the map gives (REJECTED when disqualified) as Workwell stands at that
--   checkpoint.
WITH cand AS (
    SELECT k.cp, k.external_id, count(c.id) AS n, any_value(c.id) AS candidate_id,
           bool_or(c.first_name IS DISTINCT FROM k.firstname OR c.last_name IS DISTINCT FROM k.lastname
                   OR c.email IS DISTINCT FROM k.email OR c.phone IS DISTINCT FROM k.phone) AS fields_differ
    FROM key_applicants k
    LEFT JOIN sc_cands c ON c.cp = k.cp AND c.external_id = k.external_id
    WHERE k.status IS NOT NULL
    GROUP BY k.cp, k.external_id
), app AS (
    SELECT c.cp, c.external_id, count(a.id) AS n,
           bool_or(j.ref_number IS DISTINCT FROM k.shortcode) AS wrong_job,
           bool_or(a.status IS DISTINCT FROM k.status) AS wrong_status
    FROM cand c
    JOIN key_applicants k ON k.cp = c.cp AND k.external_id = c.external_id
    LEFT JOIN sc_apps a ON a.cp = c.cp AND a.candidate_id = c.candidate_id
    LEFT JOIN sc_jobs j ON j.cp = a.cp AND j.id = a.job_id
    WHERE c.n = 1
    GROUP BY c.cp, c.external_id
)
SELECT c.cp AS checkpoint, c.external_id AS workwell_id,
       CASE WHEN c.n = 0 THEN 'no Scoutly candidate'
            WHEN c.n > 1 THEN 'more than one Scoutly candidate'
            WHEN c.fields_differ THEN 'name, e-mail or phone differs from Workwell'
            WHEN a.n = 0 THEN 'no application'
            WHEN a.n > 1 THEN 'more than one application'
            WHEN a.wrong_job THEN 'application on another job'
            ELSE 'status is not the mapped one' END AS problem
FROM cand c LEFT JOIN app a ON a.cp = c.cp AND a.external_id = c.external_id
WHERE c.n <> 1 OR c.fields_differ OR a.n <> 1 OR a.wrong_job OR a.wrong_status
