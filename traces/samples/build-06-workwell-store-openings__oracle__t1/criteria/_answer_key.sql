-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The answer key of the feed, per graded checkpoint (cp1 after run1, final after run2): every
-- (job, candidate) pair of a job that is published or was closed in the 30 days before the run
-- (by Workwell's clock: the reset step sets it; the runs last minutes and no job was closed
-- within days of the boundary), whose candidate is not disqualified, with the columns the
-- ticket asks for as Workwell serves them (hex ids, the stage's display name, created_at at
-- second resolution). Also the feed itself, normalised to text, per checkpoint.
-- v2: an applicant is a person. People re-apply at the kiosks, and Workwell keeps each
-- application as its own candidate of the job with the same e-mail, so `person` is the
-- candidate's e-mail (lower-cased; a candidate without one is a person of its own). Each
-- (job, person) of the key is listed once, by any one of its non-disqualified candidates
-- (k_people).
CREATE VIEW ref_clock AS
SELECT coalesce(max(TRY_CAST(replace(payload->>'$.clock', 'Z', '') AS TIMESTAMP)),
                TIMESTAMP '2026-03-02 09:00:00') AS t0
FROM events WHERE type = 'step' AND kind = 'reset';

CREATE VIEW ww_jobs AS
SELECT 'cp1' AS cp, id, shortcode, state, closed_at, custom_fields FROM cp_cp1.workwell_jobs
UNION ALL
SELECT 'final', id, shortcode, state, closed_at, custom_fields FROM state.workwell_jobs;

CREATE VIEW ww_candidates AS
SELECT 'cp1' AS cp, id, job_id, firstname, lastname, email, stage, disqualified, created_at FROM cp_cp1.workwell_candidates
UNION ALL
SELECT 'final', id, job_id, firstname, lastname, email, stage, disqualified, created_at FROM state.workwell_candidates;

CREATE VIEW ww_job_scope AS
SELECT j.cp, j.id, j.shortcode, j.state, j.closed_at,
       list_filter(CAST(j.custom_fields AS JSON[]), lambda f: f->>'$.key' = 'store_code')[1]->>'$.value' AS store_code,
       (j.state = 'published'
        OR (j.state = 'closed' AND TRY_CAST(j.closed_at AS TIMESTAMP) >= (SELECT t0 FROM ref_clock) - INTERVAL 30 DAY))
           AS in_scope
FROM ww_jobs j;

CREATE VIEW k_feed AS
SELECT c.cp, j.shortcode AS job_shortcode, printf('%x', c.id) AS candidate_id, j.store_code,
       c.firstname || ' ' || c.lastname AS name, c.email, st.name AS stage,
       date_trunc('second', CAST(c.created_at AS TIMESTAMP)) AS applied_at,
       coalesce(nullif(lower(trim(c.email)), ''), 'candidate:' || printf('%x', c.id)) AS person
FROM ww_candidates c
JOIN ww_job_scope j ON j.cp = c.cp AND j.id = c.job_id
JOIN state.workwell_stages st ON st.slug = c.stage
WHERE j.in_scope AND NOT c.disqualified;

CREATE VIEW k_people AS
SELECT cp, job_shortcode, person, store_code, min(name) AS name, list(candidate_id ORDER BY candidate_id) AS candidate_ids
FROM k_feed GROUP BY cp, job_shortcode, person, store_code;

CREATE VIEW o_feed AS
SELECT 'cp1' AS cp, CAST(store_code AS VARCHAR) AS store_code, CAST(job_shortcode AS VARCHAR) AS job_shortcode,
       CAST(candidate_id AS VARCHAR) AS candidate_id, CAST(name AS VARCHAR) AS name, CAST(email AS VARCHAR) AS email,
       CAST(stage AS VARCHAR) AS stage, CAST(applied_at AS VARCHAR) AS applied_at
FROM cp_cp1.output_store_feed
UNION ALL
SELECT 'final', CAST(store_code AS VARCHAR), CAST(job_shortcode AS VARCHAR), CAST(candidate_id AS VARCHAR),
       CAST(name AS VARCHAR), CAST(email AS VARCHAR), CAST(stage AS VARCHAR), CAST(applied_at AS VARCHAR)
FROM output.store_feed;
