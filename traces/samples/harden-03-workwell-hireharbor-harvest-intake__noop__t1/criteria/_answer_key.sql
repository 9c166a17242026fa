-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). The graded checkpoints are cp1 (after run1) and final
-- (after run2); Workwell does not change while a run works, so its state at a checkpoint is
-- what that run read.
--   ak_hh_jobs   HireHarbor job id per requisition_id (the Workwell job's `code`)
--   ak_expected  per checkpoint, each qualified Workwell candidate (stage interview or later by
--                the pipeline's positions, not disqualified) as (email lower-cased, HireHarbor
--                job) with the record's names and phone
--   ak_people    per checkpoint and person (e-mail): the names and phone of their first record
--   ak_hh_cands  per checkpoint, every live HireHarbor candidate with each of its e-mails
--                lower-cased (one row per e-mail) and `new` = not in the initial dataset
--   ak_hh_apps   per checkpoint, every HireHarbor application, `new` as above
CREATE OR REPLACE TEMP VIEW ak_hh_jobs AS
    SELECT id AS job_id, json_extract_string(custom_fields, '$.requisition_id') AS requisition_id
    FROM cp_initial.hireharbor_jobs;

CREATE OR REPLACE TEMP VIEW ak_ww AS
    SELECT 'cp1' AS cp, c.id, c.email, c.firstname, c.lastname, c.phone, c.stage, c.disqualified, j.code
    FROM cp_cp1.workwell_candidates c JOIN cp_cp1.workwell_jobs j ON j.id = c.job_id
    UNION ALL
    SELECT 'final', c.id, c.email, c.firstname, c.lastname, c.phone, c.stage, c.disqualified, j.code
    FROM state.workwell_candidates c JOIN state.workwell_jobs j ON j.id = c.job_id;

CREATE OR REPLACE TEMP VIEW ak_expected AS
    SELECT w.cp, w.id AS ww_id, lower(trim(w.email)) AS email, hj.job_id, w.firstname, w.lastname, w.phone
    FROM ak_ww w
    JOIN cp_initial.workwell_stages s ON s.slug = w.stage
    JOIN ak_hh_jobs hj ON hj.requisition_id = w.code
    WHERE NOT coalesce(w.disqualified, FALSE) AND w.email IS NOT NULL
      AND s.position >= (SELECT position FROM cp_initial.workwell_stages WHERE slug = 'interview');

CREATE OR REPLACE TEMP VIEW ak_people AS
    SELECT cp, email, arg_min(firstname, ww_id) AS firstname, arg_min(lastname, ww_id) AS lastname,
           arg_min(phone, ww_id) AS phone
    FROM ak_expected GROUP BY cp, email;

CREATE OR REPLACE TEMP VIEW ak_hh_cands AS
    WITH c AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.hireharbor_candidates
        UNION ALL BY NAME
        SELECT 'final' AS cp, * FROM state.hireharbor_candidates
    )
    SELECT c.cp, c.id, lower(trim(e ->> '$')) AS email, c.first_name, c.last_name, c.emails, c.phone_numbers,
           c.id NOT IN (SELECT id FROM cp_initial.hireharbor_candidates) AS new
    FROM c, unnest(CAST(c.emails AS JSON[])) AS u(e)
    WHERE c.merged_into IS NULL;

CREATE OR REPLACE TEMP VIEW ak_hh_apps AS
    WITH a AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.hireharbor_applications
        UNION ALL BY NAME
        SELECT 'final' AS cp, * FROM state.hireharbor_applications
    )
    SELECT a.cp, a.id, a.candidate_id, a.job_id, a.source,
           a.id NOT IN (SELECT id FROM cp_initial.hireharbor_applications) AS new
    FROM a;
