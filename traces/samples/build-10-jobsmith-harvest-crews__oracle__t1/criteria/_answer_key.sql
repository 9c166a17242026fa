-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key, computed from Jobsmith's state at each
-- graded checkpoint (cp1 after run1, final after run2) and the cutoff each run was given.
--   ak_runs    checkpoint -> the run before it and its --cutoff date (from the run step's args)
--   ak_key     one row per application of a visible applicant (hidden applicants are never served):
--              applicant_id, name ("first last"), job title, applied_on = the application's date in
--              the account's time zone (America/Los_Angeles, the harvest-300 account: the date
--              Jobsmith shows), eligible = applied_on <= cutoff and status <> Withdrawn
--   ak_single  the key rows Jobsmith serves as a lone object: the only visible application of a
--              job (?job_id=), or the only visible applicant on a page of 100 of the plain list
--   ak_out     the permit rows written at each graded checkpoint, typed
CREATE OR REPLACE TEMP VIEW ak_runs AS
    SELECT CASE e.step WHEN 'run1' THEN 'cp1' ELSE 'final' END AS cp,
           CAST(json_extract_string(e.payload, '$.args[1]') AS DATE) AS cutoff
    FROM events e WHERE e.type = 'step' AND e.kind = 'run' AND e.step IN ('run1', 'run2');

CREATE OR REPLACE TEMP VIEW ak_state AS
    SELECT 'cp1' AS cp, a.id AS applicant_id, a.first_name, a.last_name, a.hidden, l.id AS link_id,
           l.job_id, l.status, l.applied_at, j.title AS job_title
    FROM cp_cp1.jobsmith_applicants a JOIN cp_cp1.jobsmith_applicants2jobs l ON l.applicant_id = a.id
    JOIN cp_cp1.jobsmith_jobs j ON j.id = l.job_id
    UNION ALL
    SELECT 'final', a.id, a.first_name, a.last_name, a.hidden, l.id, l.job_id, l.status, l.applied_at, j.title
    FROM state.jobsmith_applicants a JOIN state.jobsmith_applicants2jobs l ON l.applicant_id = a.id
    JOIN state.jobsmith_jobs j ON j.id = l.job_id;

CREATE OR REPLACE TEMP VIEW ak_key AS
    SELECT s.cp, s.applicant_id, s.first_name || ' ' || s.last_name AS name, s.job_id, s.job_title, s.status,
           CAST(timezone('America/Los_Angeles', timezone('UTC', CAST(s.applied_at AS TIMESTAMP))) AS DATE) AS applied_on,
           CAST(timezone('America/Los_Angeles', timezone('UTC', CAST(s.applied_at AS TIMESTAMP))) AS DATE) <= r.cutoff
               AND s.status <> 'Withdrawn' AS eligible
    FROM ak_state s JOIN ak_runs r USING (cp)
    WHERE NOT coalesce(CAST(s.hidden AS BOOLEAN), false);

CREATE OR REPLACE TEMP VIEW ak_single AS
    WITH per_job AS (
        SELECT cp, job_id FROM ak_key GROUP BY cp, job_id HAVING count(*) = 1
    ), plain AS (
        SELECT cp, id, NOT coalesce(CAST(hidden AS BOOLEAN), false) AS visible,
               (row_number() OVER (PARTITION BY cp ORDER BY id) - 1) // 100 AS page
        FROM (SELECT 'cp1' AS cp, id, hidden FROM cp_cp1.jobsmith_applicants
              UNION ALL SELECT 'final', id, hidden FROM state.jobsmith_applicants)
    ), lone AS (
        SELECT cp, page FROM plain GROUP BY cp, page HAVING count(*) FILTER (WHERE visible) = 1
    )
    SELECT DISTINCT k.cp, k.applicant_id, k.job_title, k.name
    FROM ak_key k
    WHERE (k.cp, k.job_id) IN (SELECT (cp, job_id) FROM per_job)
       OR k.applicant_id IN (SELECT p.id FROM plain p JOIN lone l ON l.cp = p.cp AND l.page = p.page
                             WHERE p.cp = k.cp AND p.visible);

CREATE OR REPLACE TEMP VIEW ak_out AS
    SELECT 'cp1' AS cp, TRY_CAST(applicant_id AS BIGINT) AS applicant_id, CAST(name AS VARCHAR) AS name,
           CAST(job_title AS VARCHAR) AS job_title, TRY_CAST(CAST(applied_on AS VARCHAR) AS DATE) AS applied_on,
           TRY_CAST(CAST(eligible AS VARCHAR) AS BOOLEAN) AS eligible
    FROM cp_cp1.output_permit_list
    UNION ALL
    SELECT 'final', TRY_CAST(applicant_id AS BIGINT), CAST(name AS VARCHAR), CAST(job_title AS VARCHAR),
           TRY_CAST(CAST(applied_on AS VARCHAR) AS DATE), TRY_CAST(CAST(eligible AS VARCHAR) AS BOOLEAN)
    FROM output.permit_list;
