-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The board Scoutly implies at a checkpoint: every HIRED application with its candidate, the
-- job's location name (hotel) and title (position), and the status change instant (hired_at).
CREATE OR REPLACE VIEW key_backfilled AS
SELECT a.id AS application_id, a.candidate_id, j.location_name AS hotel, j.title AS position,
       date_trunc('millisecond', CAST(a.status_changed_at AS TIMESTAMPTZ)) AS hired_at
FROM cp_backfilled.scoutly_applications a JOIN cp_backfilled.scoutly_jobs j ON j.id = a.job_id
WHERE a.status = 'HIRED';

CREATE OR REPLACE VIEW key_final AS
SELECT a.id AS application_id, a.candidate_id, j.location_name AS hotel, j.title AS position,
       date_trunc('millisecond', CAST(a.status_changed_at AS TIMESTAMPTZ)) AS hired_at
FROM state.scoutly_applications a JOIN state.scoutly_jobs j ON j.id = a.job_id
WHERE a.status = 'HIRED';

-- The board as written, one typed row per output row.
CREATE OR REPLACE VIEW board_backfilled AS
SELECT CAST(application_id AS VARCHAR) AS application_id, CAST(candidate_id AS VARCHAR) AS candidate_id,
       CAST(hotel AS VARCHAR) AS hotel, CAST(position AS VARCHAR) AS position,
       date_trunc('millisecond', TRY_CAST(CAST(hired_at AS VARCHAR) AS TIMESTAMPTZ)) AS hired_at
FROM cp_backfilled.output_hires;

CREATE OR REPLACE VIEW board_final AS
SELECT CAST(application_id AS VARCHAR) AS application_id, CAST(candidate_id AS VARCHAR) AS candidate_id,
       CAST(hotel AS VARCHAR) AS hotel, CAST(position AS VARCHAR) AS position,
       date_trunc('millisecond', TRY_CAST(CAST(hired_at AS VARCHAR) AS TIMESTAMPTZ)) AS hired_at
FROM output.hires;
