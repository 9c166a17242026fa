-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created before the criteria run (docs/grader.md):
--   q_cand, q_app  Quarry's records at each graded checkpoint (cp1, cp2, final), with the values
--                  the ticket asks the store to hold: the e-mail in lower case without blanks
--                  (NULL when none), updated_at as the instant Quarry sends (milliseconds, UTC);
--                  q_app.hidden: the application's job is confidential at that checkpoint (the
--                  API key cannot read it; unfiltered lists leave it out)
--   o_cand, o_app  the store at each graded checkpoint, one row per stored row: `archived` read
--                  as a boolean (1/0, true/false), updated_at parsed when it is ISO-8601 with a
--                  UTC designator (Z or +00:00), else NULL; n = rows stored under that id
CREATE OR REPLACE TEMP VIEW q_cand AS
SELECT cp, id, name, nullif(lower(trim(email)), '') AS email,
       timezone('UTC', date_trunc('millisecond', CAST(updated_at AS TIMESTAMP))) AS updated_ts
FROM (SELECT 'cp1' AS cp, * FROM cp_cp1.quarry_candidates
      UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.quarry_candidates
      UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.quarry_candidates);

CREATE OR REPLACE TEMP VIEW q_app AS
SELECT a.cp, a.id, a.candidate_id, a.job_id, a.status,
       timezone('UTC', date_trunc('millisecond', CAST(a.updated_at AS TIMESTAMP))) AS updated_ts,
       coalesce(j.confidential, false) AS hidden
FROM (SELECT 'cp1' AS cp, * FROM cp_cp1.quarry_applications
      UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.quarry_applications
      UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.quarry_applications) a
LEFT JOIN (SELECT 'cp1' AS cp, id, confidential FROM cp_cp1.quarry_jobs
           UNION ALL SELECT 'cp2', id, confidential FROM cp_cp2.quarry_jobs
           UNION ALL SELECT 'final', id, confidential FROM state.quarry_jobs) j
       ON j.cp = a.cp AND j.id = a.job_id;

CREATE OR REPLACE TEMP VIEW o_cand AS
SELECT cp, CAST(id AS VARCHAR) AS id, CAST(name AS VARCHAR) AS name,
       nullif(CAST(email AS VARCHAR), '') AS email,
       coalesce(TRY_CAST(CAST(archived AS VARCHAR) AS BOOLEAN), false) AS archived,
       CASE WHEN regexp_matches(CAST(updated_at AS VARCHAR), '(Z|[+-]00:?00)$')
            THEN TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) END AS updated_ts,
       count(*) OVER (PARTITION BY cp, CAST(id AS VARCHAR)) AS n
FROM (SELECT 'cp1' AS cp, id, name, email, archived, updated_at FROM cp_cp1.output_candidates
      UNION ALL SELECT 'cp2', id, name, email, archived, updated_at FROM cp_cp2.output_candidates
      UNION ALL SELECT 'final', id, name, email, archived, updated_at FROM output.candidates);

CREATE OR REPLACE TEMP VIEW o_app AS
SELECT cp, CAST(id AS VARCHAR) AS id, CAST(candidate_id AS VARCHAR) AS candidate_id,
       CAST(job_id AS VARCHAR) AS job_id, CAST(status AS VARCHAR) AS status,
       coalesce(TRY_CAST(CAST(archived AS VARCHAR) AS BOOLEAN), false) AS archived,
       CASE WHEN regexp_matches(CAST(updated_at AS VARCHAR), '(Z|[+-]00:?00)$')
            THEN TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) END AS updated_ts,
       count(*) OVER (PARTITION BY cp, CAST(id AS VARCHAR)) AS n
FROM (SELECT 'cp1' AS cp, id, candidate_id, job_id, status, archived, updated_at FROM cp_cp1.output_applications
      UNION ALL SELECT 'cp2', id, candidate_id, job_id, status, archived, updated_at FROM cp_cp2.output_applications
      UNION ALL SELECT 'final', id, candidate_id, job_id, status, archived, updated_at FROM output.applications);
