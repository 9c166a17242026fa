-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The roster each checkpoint must show (k_roster: every Approved or Active placement Benchline
-- has at that moment, with the ticket's columns) and what the connector wrote (o_roster), for
-- the three checkpoints after a run: cp1 (after run 1), cp2 (after run 2) and final (run 3).
-- Dates are Benchline's calendar dates (the account's own days), as ISO text YYYY-MM-DD.
CREATE VIEW k_roster AS
SELECT 'cp1' AS cp, p.id AS placement_id, c.first_name || ' ' || c.last_name AS candidate_name,
       j.custom_text3 AS site_code, p.custom_text1 AS role, strftime(p.date_begin, '%Y-%m-%d') AS date_begin,
       strftime(p.date_end, '%Y-%m-%d') AS date_end, p.status
FROM cp_cp1.benchline_placements p
JOIN cp_cp1.benchline_candidates c ON c.id = p.candidate_id
JOIN cp_cp1.benchline_job_orders j ON j.id = p.job_order_id
WHERE p.status IN ('Approved', 'Active')
UNION ALL
SELECT 'cp2', p.id, c.first_name || ' ' || c.last_name, j.custom_text3, p.custom_text1,
       strftime(p.date_begin, '%Y-%m-%d'), strftime(p.date_end, '%Y-%m-%d'), p.status
FROM cp_cp2.benchline_placements p
JOIN cp_cp2.benchline_candidates c ON c.id = p.candidate_id
JOIN cp_cp2.benchline_job_orders j ON j.id = p.job_order_id
WHERE p.status IN ('Approved', 'Active')
UNION ALL
SELECT 'final', p.id, c.first_name || ' ' || c.last_name, j.custom_text3, p.custom_text1,
       strftime(p.date_begin, '%Y-%m-%d'), strftime(p.date_end, '%Y-%m-%d'), p.status
FROM state.benchline_placements p
JOIN state.benchline_candidates c ON c.id = p.candidate_id
JOIN state.benchline_job_orders j ON j.id = p.job_order_id
WHERE p.status IN ('Approved', 'Active');

-- Every placement Benchline has at each checkpoint (in the roster's scope or not).
CREATE VIEW k_exists AS
SELECT 'cp1' AS cp, id AS placement_id FROM cp_cp1.benchline_placements
UNION ALL SELECT 'cp2', id FROM cp_cp2.benchline_placements
UNION ALL SELECT 'final', id FROM state.benchline_placements;

-- The roster files as written; empty fields are NULL, every value compared as text.
CREATE VIEW o_roster AS
SELECT 'cp1' AS cp, TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT) AS placement_id,
       nullif(CAST(candidate_name AS VARCHAR), '') AS candidate_name, nullif(CAST(site_code AS VARCHAR), '') AS site_code,
       nullif(CAST(role AS VARCHAR), '') AS role, nullif(CAST(date_begin AS VARCHAR), '') AS date_begin,
       nullif(CAST(date_end AS VARCHAR), '') AS date_end, nullif(CAST(status AS VARCHAR), '') AS status
FROM cp_cp1.output_roster
UNION ALL
SELECT 'cp2', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(candidate_name AS VARCHAR), ''),
       nullif(CAST(site_code AS VARCHAR), ''), nullif(CAST(role AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''),
       nullif(CAST(date_end AS VARCHAR), ''), nullif(CAST(status AS VARCHAR), '')
FROM cp_cp2.output_roster
UNION ALL
SELECT 'final', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(candidate_name AS VARCHAR), ''),
       nullif(CAST(site_code AS VARCHAR), ''), nullif(CAST(role AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''),
       nullif(CAST(date_end AS VARCHAR), ''), nullif(CAST(status AS VARCHAR), '')
FROM output.roster;
