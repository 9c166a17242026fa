-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the ticket's rules computed from Jobsmith's state (read-only,
-- unchanged by the scenario) and HireHarbor's jobs, and HireHarbor's records at the two graded
-- checkpoints (cp2 after the next night's run, final after the check run).
--   ak_rec      one row per listed (not hidden) Jobsmith applicant record: its e-mail (trimmed, lower
--               case), phone digits, last name, status, the HireHarbor job whose requisition_id equals
--               the Jobsmith job's internal_code (NULL: no_job), the stage its status maps to, the
--               expected applied_at (the Jobsmith date in the account's zone, America/Chicago, at
--               12:00 Chicago, as UTC) and its person: the e-mail, or for a record without e-mail the
--               e-mailed person with the same phone digits and last name, else its own phone + name
--   ak_people   one row per person: e-mail ('' if none), digits, first and last name
--   ak_cand     HireHarbor's live candidates at cp2 and final, with e-mails (trimmed, lower) and phone
--               digits as lists
--   ak_owner    candidate -> person: the candidate carries the person's e-mail, or it carries no
--               e-mail and has the person's phone digits and last name (the ticket's identity rule)
--   ak_apps     HireHarbor's applications at cp2 and final
--   ak_pilot_apps / ak_pilot_cands  what the pilot left in HireHarbor before the scenario (cp_initial):
--               the ticket keeps it as it is
CREATE OR REPLACE TEMP VIEW ak_rec0 AS
    SELECT a.id AS applicant_id, a.first_name, a.last_name, lower(trim(coalesce(a.email, ''))) AS email,
           regexp_replace(coalesce(a.phone, ''), '[^0-9]', '', 'g') AS digits, l.status AS js_status,
           j.internal_code,
           CAST(timezone('America/Chicago', timezone('UTC', CAST(l.applied_at AS TIMESTAMP))) AS DATE) AS applied_on
    FROM state.jobsmith_applicants a
    JOIN state.jobsmith_applicants2jobs l ON l.applicant_id = a.id
    JOIN state.jobsmith_jobs j ON j.id = l.job_id
    WHERE NOT coalesce(CAST(a.hidden AS BOOLEAN), false);

CREATE OR REPLACE TEMP VIEW ak_rec AS
    WITH mailed AS (
        SELECT digits, last_name, min(email) AS email FROM ak_rec0 WHERE email <> '' GROUP BY digits, last_name
    ), hh_job AS (
        SELECT id AS hh_job_id, json_extract_string(custom_fields, '$.requisition_id') AS code
        FROM state.hireharbor_jobs
    )
    SELECT r.*,
           CASE WHEN r.email <> '' THEN 'e:' || r.email WHEN m.email IS NOT NULL THEN 'e:' || m.email
                ELSE 'p:' || r.digits || ':' || r.last_name END AS person,
           hj.hh_job_id,
           CASE r.js_status WHEN 'New' THEN 'active' WHEN 'Interview' THEN 'active' WHEN 'Hired' THEN 'hired'
                WHEN 'Rejected' THEN 'rejected' END AS want_status,
           st.id AS want_stage_id,
           CAST(timezone('UTC', timezone('America/Chicago', CAST(r.applied_on AS TIMESTAMP) + INTERVAL 12 HOUR)) AS TIMESTAMP) AS want_applied_at
    FROM ak_rec0 r
    LEFT JOIN mailed m ON r.email = '' AND m.digits = r.digits AND m.last_name = r.last_name
    LEFT JOIN hh_job hj ON hj.code = r.internal_code
    LEFT JOIN state.hireharbor_stages st ON st.job_id = hj.hh_job_id
         AND st.name = CASE r.js_status WHEN 'New' THEN 'Application Review' WHEN 'Interview' THEN 'Face to Face' END;

CREATE OR REPLACE TEMP VIEW ak_people AS
    SELECT person, max(email) AS email, any_value(digits) AS digits, any_value(first_name) AS first_name,
           any_value(last_name) AS last_name
    FROM ak_rec GROUP BY person;

CREATE OR REPLACE TEMP VIEW ak_cand AS
    WITH c AS (
        SELECT 'cp2' AS cp, id, first_name, last_name, emails, phone_numbers FROM cp_cp2.hireharbor_candidates
        WHERE merged_into IS NULL
        UNION ALL
        SELECT 'final', id, first_name, last_name, emails, phone_numbers FROM state.hireharbor_candidates
        WHERE merged_into IS NULL
    )
    SELECT cp, id, first_name, last_name,
           list_transform(coalesce(json_extract_string(emails, '$[*]'), []), lambda e: lower(trim(e))) AS emails,
           list_transform(coalesce(json_extract_string(phone_numbers, '$[*]'), []),
                          lambda p: regexp_replace(p, '[^0-9]', '', 'g')) AS phones
    FROM c;

CREATE OR REPLACE TEMP VIEW ak_owner AS
    SELECT DISTINCT c.cp, c.id AS candidate_id, p.person
    FROM ak_cand c JOIN ak_people p
      ON (p.email <> '' AND list_contains(c.emails, p.email))
      OR (len(c.emails) = 0 AND c.last_name = p.last_name AND p.digits <> '' AND list_contains(c.phones, p.digits));

CREATE OR REPLACE TEMP VIEW ak_apps AS
    SELECT 'cp2' AS cp, id, candidate_id, job_id, current_stage_id, status, rejection_reason,
           CAST(applied_at AS TIMESTAMP) AS applied_at
    FROM cp_cp2.hireharbor_applications
    UNION ALL
    SELECT 'final', id, candidate_id, job_id, current_stage_id, status, rejection_reason,
           CAST(applied_at AS TIMESTAMP)
    FROM state.hireharbor_applications;

CREATE OR REPLACE TEMP VIEW ak_pilot_apps AS
    SELECT id, candidate_id, job_id, current_stage_id, status, rejection_reason, CAST(applied_at AS TIMESTAMP) AS applied_at
    FROM cp_initial.hireharbor_applications;

CREATE OR REPLACE TEMP VIEW ak_pilot_cands AS
    SELECT id, first_name, last_name,
           list_sort(list_transform(coalesce(json_extract_string(emails, '$[*]'), []), lambda e: lower(trim(e)))) AS emails,
           list_sort(list_distinct(list_transform(coalesce(json_extract_string(phone_numbers, '$[*]'), []),
                          lambda p: regexp_replace(p, '[^0-9]', '', 'g')))) AS phones
    FROM cp_initial.hireharbor_candidates;
