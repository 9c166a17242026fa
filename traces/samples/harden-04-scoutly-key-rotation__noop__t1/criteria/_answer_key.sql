-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The board Scoutly's state asks for at each graded checkpoint: every HIRED application, its
-- candidate's name ("first last") and its job's location name.
CREATE OR REPLACE VIEW key_backfilled AS
SELECT a.id AS application_id, trim(c.first_name || ' ' || c.last_name) AS steward, j.location_name AS zone
FROM cp_backfilled.scoutly_applications a
JOIN cp_backfilled.scoutly_candidates c ON c.id = a.candidate_id
JOIN cp_backfilled.scoutly_jobs j ON j.id = a.job_id
WHERE a.status = 'HIRED';

CREATE OR REPLACE VIEW key_final AS
SELECT a.id AS application_id, trim(c.first_name || ' ' || c.last_name) AS steward, j.location_name AS zone
FROM state.scoutly_applications a
JOIN state.scoutly_candidates c ON c.id = a.candidate_id
JOIN state.scoutly_jobs j ON j.id = a.job_id
WHERE a.status = 'HIRED';
