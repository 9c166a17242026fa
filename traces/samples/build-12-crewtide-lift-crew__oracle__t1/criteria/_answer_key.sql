-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key the criteria select from.
--   ak_crew  per graded checkpoint (cp1 after run1, final after run2), every application that
--            belongs on the roster: on a job (general applications have none), and hired (status
--            hired, whatever its stage) or still open at an offer stage (status active at a stage
--            of type offer or hired: a rejected or withdrawn offer is out); with the details of its candidate, job and stage
--            as Crewtide held them at that checkpoint (related rows by their own table and id)
--   ak_out   the roster.csv of each checkpoint, with typed ids and timestamps
CREATE OR REPLACE TEMP VIEW ak_crew AS
    WITH apps AS (
        SELECT 'cp1' AS cp, a.id, a.candidate_id, a.status, a.created_at, c.first_name, c.last_name, c.email,
               j.title, j.department, s.name AS stage, s.stage_type
        FROM cp_cp1.crewtide_job_applications a
        JOIN cp_cp1.crewtide_jobs j ON j.id = a.job_id
        JOIN cp_cp1.crewtide_stages s ON s.id = a.stage_id
        LEFT JOIN cp_cp1.crewtide_candidates c ON c.id = a.candidate_id
        UNION ALL
        SELECT 'final', a.id, a.candidate_id, a.status, a.created_at, c.first_name, c.last_name, c.email,
               j.title, j.department, s.name, s.stage_type
        FROM state.crewtide_job_applications a
        JOIN state.crewtide_jobs j ON j.id = a.job_id
        JOIN state.crewtide_stages s ON s.id = a.stage_id
        LEFT JOIN state.crewtide_candidates c ON c.id = a.candidate_id
    )
    SELECT cp, id AS application_id, candidate_id, first_name, last_name, email, title AS job_title, department,
           stage, CAST(created_at AS TIMESTAMP) AS created_at
    FROM apps WHERE status = 'hired' OR (status = 'active' AND stage_type IN ('offer', 'hired'));

CREATE OR REPLACE TEMP VIEW ak_out AS
    WITH raw AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.output_roster
        UNION ALL BY NAME
        SELECT 'final' AS cp, * FROM output.roster
    )
    SELECT cp,
           TRY_CAST(trim(CAST(application_id AS VARCHAR)) AS BIGINT) AS application_id,
           TRY_CAST(trim(CAST(candidate_id AS VARCHAR)) AS BIGINT) AS candidate_id,
           CAST(first_name AS VARCHAR) AS first_name, CAST(last_name AS VARCHAR) AS last_name,
           CAST(email AS VARCHAR) AS email, CAST(job_title AS VARCHAR) AS job_title,
           CAST(department AS VARCHAR) AS department, CAST(stage AS VARCHAR) AS stage,
           CAST(TRY_CAST(CAST(created_at AS VARCHAR) AS TIMESTAMPTZ) AS TIMESTAMP) AS created_at
    FROM raw;
