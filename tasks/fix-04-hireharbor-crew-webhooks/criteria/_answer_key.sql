-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The answer key. `changed`: every application the scenario's coordinators changed (the
-- mutate steps' results), with how many changes it had. `crew_key`: each of them as HireHarbor
-- has it at the end (final state), in the tracker's columns; updated_at at HireHarbor's
-- documented one-second resolution. `crew_out`: the tracker's rows with updated_at parsed
-- (any ISO 8601 form with an offset or Z). `genuine_apps`: the applications HireHarbor's own
-- deliveries (not forged) were about. `forged_rows`: the values each must-reject forgery
-- (wrong key, or edited in transit) carried.
CREATE OR REPLACE VIEW changed AS
SELECT CAST(app_id AS BIGINT) AS application_id, count(*) AS n_changes
FROM (SELECT unnest(json_extract_string(result, '$.results[*].application_id')) AS app_id
      FROM events WHERE type = 'step' AND kind = 'mutate' AND vendor = 'hireharbor')
WHERE app_id IS NOT NULL
GROUP BY 1;

CREATE OR REPLACE VIEW crew_key AS
SELECT a.id AS application_id, c.first_name || ' ' || c.last_name AS name, j.department,
       st.name AS stage, a.status, date_trunc('second', CAST(a.updated_at AS TIMESTAMP)) AS updated_ts,
       ch.n_changes, regexp_matches(c.first_name || c.last_name, '^[ -~]*$') AS ascii_name
FROM changed ch
JOIN state.hireharbor_applications a ON a.id = ch.application_id
JOIN state.hireharbor_candidates c ON c.id = a.candidate_id
JOIN state.hireharbor_jobs j ON j.id = a.job_id
LEFT JOIN state.hireharbor_stages st ON st.id = a.current_stage_id;

CREATE OR REPLACE VIEW crew_out AS
SELECT TRY_CAST(application_id AS BIGINT) AS application_id, CAST(name AS VARCHAR) AS name,
       CAST(department AS VARCHAR) AS department, CAST(stage AS VARCHAR) AS stage,
       CAST(status AS VARCHAR) AS status,
       date_trunc('second', CAST(TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) AS TIMESTAMP)) AS updated_ts
FROM output.crew;

CREATE OR REPLACE VIEW genuine_apps AS
SELECT DISTINCT TRY_CAST(json_extract_string(TRY_CAST(req_body AS JSON), '$.payload.application.id') AS BIGINT) AS application_id
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'hireharbor' AND forged IS NULL AND req_body_encoding = 'utf8';

CREATE OR REPLACE VIEW forged_rows AS
SELECT kind, event_id,
       TRY_CAST(json_extract_string(body, '$.payload.application.id') AS BIGINT) AS application_id,
       json_extract_string(body, '$.payload.candidate.first_name') || ' '
           || json_extract_string(body, '$.payload.candidate.last_name') AS name,
       json_extract_string(body, '$.payload.application.current_stage.name') AS stage,
       json_extract_string(body, '$.payload.application.status') AS status
FROM (SELECT kind, event_id, TRY_CAST(payload ->> '$' AS JSON) AS body
      FROM events WHERE type = 'forgery' AND kind IN ('bad_signature', 'tampered_body'));
