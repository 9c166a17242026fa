-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The answer key: every candidate of a rider job (a job whose title contains "Rider"; the ticket
-- names the four) as Workwell holds it at each graded checkpoint, and whether it was already on
-- Workwell at the reset (before the first run) or arrived later. The list's rows, normalised.
CREATE VIEW ak_riders AS
SELECT 'cp1' AS checkpoint, c.id, format('{:x}', c.id) AS hex_id, c.firstname, c.lastname,
       coalesce(c.email, '') AS email, coalesce(c.phone, '') AS phone, j.shortcode, j.title,
       date_trunc('second', CAST(c.created_at AS TIMESTAMP)) AS applied_at,
       c.id IN (SELECT id FROM cp_initial.workwell_candidates) AS at_reset
FROM cp_cp1.workwell_candidates c JOIN cp_cp1.workwell_jobs j ON j.id = c.job_id
WHERE j.title LIKE '%Rider%'
UNION ALL
SELECT 'final', c.id, format('{:x}', c.id), c.firstname, c.lastname, coalesce(c.email, ''), coalesce(c.phone, ''),
       j.shortcode, j.title, date_trunc('second', CAST(c.created_at AS TIMESTAMP)),
       c.id IN (SELECT id FROM cp_initial.workwell_candidates)
FROM state.workwell_candidates c JOIN state.workwell_jobs j ON j.id = c.job_id
WHERE j.title LIKE '%Rider%';

CREATE VIEW ak_list AS
SELECT 'cp1' AS checkpoint, lower(trim(CAST(candidate_id AS VARCHAR))) AS hex_id,
       CAST(first_name AS VARCHAR) AS first_name, CAST(last_name AS VARCHAR) AS last_name,
       coalesce(CAST(email AS VARCHAR), '') AS email, coalesce(CAST(phone AS VARCHAR), '') AS phone,
       CAST(job_shortcode AS VARCHAR) AS job_shortcode, CAST(job_title AS VARCHAR) AS job_title,
       date_trunc('second', CAST(TRY_CAST(CAST(applied_at AS VARCHAR) AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS TIMESTAMP)) AS applied_at
FROM cp_cp1.output_riders
UNION ALL
SELECT 'final', lower(trim(CAST(candidate_id AS VARCHAR))), CAST(first_name AS VARCHAR), CAST(last_name AS VARCHAR),
       coalesce(CAST(email AS VARCHAR), ''), coalesce(CAST(phone AS VARCHAR), ''),
       CAST(job_shortcode AS VARCHAR), CAST(job_title AS VARCHAR),
       date_trunc('second', CAST(TRY_CAST(CAST(applied_at AS VARCHAR) AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS TIMESTAMP))
FROM output.riders;

-- For each rider of the key, the first list row carrying its id (c5 judges duplicates).
CREATE VIEW ak_compared AS
SELECT k.checkpoint, k.hex_id, k.at_reset,
       CASE WHEN l.hex_id IS NULL THEN 'missing from the list'
            ELSE concat_ws(', ',
                 CASE WHEN l.first_name IS DISTINCT FROM k.firstname THEN 'first_name' END,
                 CASE WHEN l.last_name IS DISTINCT FROM k.lastname THEN 'last_name' END,
                 CASE WHEN l.email IS DISTINCT FROM k.email THEN 'email' END,
                 CASE WHEN l.phone IS DISTINCT FROM k.phone THEN 'phone' END,
                 CASE WHEN l.job_shortcode IS DISTINCT FROM k.shortcode THEN 'job_shortcode' END,
                 CASE WHEN l.job_title IS DISTINCT FROM k.title THEN 'job_title' END,
                 CASE WHEN l.applied_at IS DISTINCT FROM k.applied_at THEN 'applied_at' END) END AS problem
FROM ak_riders k
LEFT JOIN (SELECT * FROM ak_list QUALIFY row_number() OVER (PARTITION BY checkpoint, hex_id ORDER BY first_name) = 1) l
       ON l.checkpoint = k.checkpoint AND l.hex_id = k.hex_id;
