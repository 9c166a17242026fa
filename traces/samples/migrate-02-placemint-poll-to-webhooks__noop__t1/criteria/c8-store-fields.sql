-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-store-fields
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: At the switch and at the end, every stored row at Placemint's current version carries
--  Placemint's other fields too (external_ref, candidate name and e-mail, client_code, job_title,
--  start and end dates, rate_cents, currency, updated_at); rows handed over keep their first_seen_at
--  at the switch already; a new row's first_seen_at is not before Placemint created the placement.
--  Which version must be there is c1's and c2's; first_seen_at at the end is c3's. An empty store fails.
-- updated_at is compared as the instant Placemint sends (second resolution); last_synced_at is the
-- connector's own (task.yaml not_graded).
WITH o AS (
    SELECT 'switched' AS checkpoint, CAST(id AS VARCHAR) AS id, TRY_CAST(version AS BIGINT) AS version,
           CAST(external_ref AS VARCHAR) AS external_ref, CAST(candidate_name AS VARCHAR) AS candidate_name,
           CAST(candidate_email AS VARCHAR) AS candidate_email, CAST(client_code AS VARCHAR) AS client_code,
           CAST(job_title AS VARCHAR) AS job_title, TRY_CAST(CAST(start_date AS VARCHAR) AS DATE) AS start_date,
           TRY_CAST(CAST(end_date AS VARCHAR) AS DATE) AS end_date, nullif(CAST(end_date AS VARCHAR), '') AS end_text,
           TRY_CAST(rate_cents AS BIGINT) AS rate_cents, CAST(currency AS VARCHAR) AS currency,
           TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) AS updated_at,
           TRY_CAST(CAST(first_seen_at AS VARCHAR) AS TIMESTAMPTZ) AS first_seen_at
    FROM cp_switched.output_placements
    UNION ALL
    SELECT 'final', CAST(id AS VARCHAR), TRY_CAST(version AS BIGINT), CAST(external_ref AS VARCHAR),
           CAST(candidate_name AS VARCHAR), CAST(candidate_email AS VARCHAR), CAST(client_code AS VARCHAR),
           CAST(job_title AS VARCHAR), TRY_CAST(CAST(start_date AS VARCHAR) AS DATE), TRY_CAST(CAST(end_date AS VARCHAR) AS DATE),
           nullif(CAST(end_date AS VARCHAR), ''), TRY_CAST(rate_cents AS BIGINT), CAST(currency AS VARCHAR),
           TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ), TRY_CAST(CAST(first_seen_at AS VARCHAR) AS TIMESTAMPTZ)
    FROM output.placements
), s AS (
    SELECT 'switched' AS checkpoint, * FROM cp_switched.placemint_placements
    UNION ALL
    SELECT 'final', * FROM state.placemint_placements
), handed AS (
    SELECT CAST(id AS VARCHAR) AS id, TRY_CAST(CAST(first_seen_at AS VARCHAR) AS TIMESTAMPTZ) AS first_seen_at
    FROM cp_initial.output_placements
)
SELECT o.checkpoint, o.id, 'a field differs from Placemint at version ' || o.version AS problem,
       o.rate_cents AS store_rate_cents, o.job_title AS store_job_title
FROM o JOIN s ON s.checkpoint = o.checkpoint AND s.id = o.id AND s.version = o.version
WHERE o.external_ref IS DISTINCT FROM s.external_ref OR o.candidate_name IS DISTINCT FROM s.candidate_name
   OR o.candidate_email IS DISTINCT FROM s.candidate_email OR o.client_code IS DISTINCT FROM s.client_code
   OR o.job_title IS DISTINCT FROM s.job_title OR o.start_date IS DISTINCT FROM s.start_date
   OR o.end_date IS DISTINCT FROM s.end_date OR (s.end_date IS NULL AND o.end_text IS NOT NULL)
   OR o.rate_cents IS DISTINCT FROM s.rate_cents OR o.currency IS DISTINCT FROM s.currency
   OR o.updated_at IS DISTINCT FROM timezone('UTC', date_trunc('second', CAST(s.updated_at AS TIMESTAMP)))
UNION ALL
SELECT o.checkpoint, o.id, 'first_seen_at of a handed-over row changed by the switch', NULL, NULL
FROM o JOIN handed h ON h.id = o.id
WHERE o.checkpoint = 'switched' AND o.first_seen_at IS DISTINCT FROM h.first_seen_at
UNION ALL
SELECT o.checkpoint, o.id, 'new row without a first_seen_at, or one before Placemint created it', NULL, NULL
FROM o JOIN s ON s.checkpoint = o.checkpoint AND s.id = o.id
WHERE o.id NOT IN (SELECT id FROM handed)
  AND (o.first_seen_at IS NULL
       OR o.first_seen_at < timezone('UTC', CAST(s.created_at AS TIMESTAMP)) - INTERVAL 5 SECOND)
UNION ALL
SELECT c.checkpoint, NULL, 'the store is empty or missing', NULL, NULL
FROM (VALUES ('switched'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.checkpoint = c.checkpoint)
