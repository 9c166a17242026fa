-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The roster each checkpoint must show (k_roster: every Approved or Active placement Benchline
-- has at that moment, with the ticket's columns) and what the connector wrote (o_roster), for
-- the three checkpoints after a run: cp1 (run 1), cp2 (run 2) and final (run 3). Dates are
-- Benchline's calendar dates (the account's own days), as ISO text YYYY-MM-DD.
CREATE VIEW k_roster AS
SELECT 'cp1' AS cp, p.id AS placement_id, c.first_name || ' ' || c.last_name AS worker,
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

-- The roster files as written; empty fields are NULL, every value compared as text.
CREATE VIEW o_roster AS
SELECT 'cp1' AS cp, TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT) AS placement_id,
       nullif(CAST(worker AS VARCHAR), '') AS worker, nullif(CAST(site_code AS VARCHAR), '') AS site_code,
       nullif(CAST(role AS VARCHAR), '') AS role, nullif(CAST(date_begin AS VARCHAR), '') AS date_begin,
       nullif(CAST(date_end AS VARCHAR), '') AS date_end, nullif(CAST(status AS VARCHAR), '') AS status
FROM cp_cp1.output_roster
UNION ALL
SELECT 'cp2', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(worker AS VARCHAR), ''),
       nullif(CAST(site_code AS VARCHAR), ''), nullif(CAST(role AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''),
       nullif(CAST(date_end AS VARCHAR), ''), nullif(CAST(status AS VARCHAR), '')
FROM cp_cp2.output_roster
UNION ALL
SELECT 'final', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(worker AS VARCHAR), ''),
       nullif(CAST(site_code AS VARCHAR), ''), nullif(CAST(role AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''),
       nullif(CAST(date_end AS VARCHAR), ''), nullif(CAST(status AS VARCHAR), '')
FROM output.roster;

-- Benchline's answers to the integration in the scenario's runs, with the data centre of each
-- data call (dcN of /dcN/rest/...) and the login answers' restUrl data centre.
CREATE VIEW bl_x AS
SELECT seq, phase, started_at, ended_at, method, path, status,
       coalesce(query->>'$.query[0]', '') AS q,
       TRY_CAST(query->>'$.start[0]' AS BIGINT) AS start_at,
       regexp_extract(path, '^/(dc[0-9]+)/rest/', 1) AS dc,
       CASE WHEN path = '/rest-services/login' AND status = 200
            THEN regexp_extract(coalesce(resp_body, ''), '/(dc[0-9]+)/rest/', 1) END AS login_dc,
       resp_body
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'benchline'
  AND phase IN ('scenario:run1', 'scenario:run2', 'scenario:run3');
