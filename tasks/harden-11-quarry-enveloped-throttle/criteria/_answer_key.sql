-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. The graded checkpoints are the three after a run: cp1, cp2 and final.
-- k_cands / k_ints: what Quarry holds at each (the mirror must hold exactly that: every
-- candidate, and every interview on any application, Archived applications included, each
-- interview with its application's candidate), timestamps as instants at millisecond
-- resolution (Quarry's wire format). o_cands / o_ints: the mirror's two tables, timestamps
-- parsed as instants (any ISO 8601 form of the same instant is the same value).
CREATE OR REPLACE MACRO ib_instant(v) AS
    date_trunc('millisecond', TRY_CAST(TRY_CAST(CAST(v AS VARCHAR) AS TIMESTAMPTZ) AS TIMESTAMP));
CREATE OR REPLACE MACRO ib_state_instant(v) AS
    date_trunc('millisecond', TRY_CAST(CAST(v AS VARCHAR) AS TIMESTAMP));
CREATE OR REPLACE VIEW k_cands AS
    SELECT 'cp1' AS cp, id, name, email, ib_state_instant(updated_at) AS updated_at FROM cp_cp1.quarry_candidates
    UNION ALL SELECT 'cp2', id, name, email, ib_state_instant(updated_at) FROM cp_cp2.quarry_candidates
    UNION ALL SELECT 'final', id, name, email, ib_state_instant(updated_at) FROM state.quarry_candidates;
CREATE OR REPLACE VIEW k_ints AS
    WITH s AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.quarry_interview_schedules
        UNION ALL SELECT 'cp2', * FROM cp_cp2.quarry_interview_schedules
        UNION ALL SELECT 'final', * FROM state.quarry_interview_schedules
    ), a AS (
        SELECT 'cp1' AS cp, id, candidate_id, status FROM cp_cp1.quarry_applications
        UNION ALL SELECT 'cp2', id, candidate_id, status FROM cp_cp2.quarry_applications
        UNION ALL SELECT 'final', id, candidate_id, status FROM state.quarry_applications
    )
    SELECT s.cp, s.id, s.application_id, a.candidate_id, a.status AS application_status, s.status,
           ib_state_instant(s.start_time) AS start_time, ib_state_instant(s.end_time) AS end_time,
           ib_state_instant(s.updated_at) AS updated_at
    FROM s JOIN a ON a.cp = s.cp AND a.id = s.application_id;
CREATE OR REPLACE VIEW o_cands AS
    SELECT 'cp1' AS cp, CAST(id AS VARCHAR) AS id, CAST(name AS VARCHAR) AS name, CAST(email AS VARCHAR) AS email,
           ib_instant(updated_at) AS updated_at FROM cp_cp1.output_candidates
    UNION ALL SELECT 'cp2', CAST(id AS VARCHAR), CAST(name AS VARCHAR), CAST(email AS VARCHAR), ib_instant(updated_at)
    FROM cp_cp2.output_candidates
    UNION ALL SELECT 'final', CAST(id AS VARCHAR), CAST(name AS VARCHAR), CAST(email AS VARCHAR), ib_instant(updated_at)
    FROM output.candidates;
CREATE OR REPLACE VIEW o_ints AS
    SELECT 'cp1' AS cp, CAST(id AS VARCHAR) AS id, CAST(application_id AS VARCHAR) AS application_id,
           CAST(candidate_id AS VARCHAR) AS candidate_id, CAST(status AS VARCHAR) AS status,
           ib_instant(start_time) AS start_time, ib_instant(end_time) AS end_time, ib_instant(updated_at) AS updated_at
    FROM cp_cp1.output_interviews
    UNION ALL SELECT 'cp2', CAST(id AS VARCHAR), CAST(application_id AS VARCHAR), CAST(candidate_id AS VARCHAR),
           CAST(status AS VARCHAR), ib_instant(start_time), ib_instant(end_time), ib_instant(updated_at)
    FROM cp_cp2.output_interviews
    UNION ALL SELECT 'final', CAST(id AS VARCHAR), CAST(application_id AS VARCHAR), CAST(candidate_id AS VARCHAR),
           CAST(status AS VARCHAR), ib_instant(start_time), ib_instant(end_time), ib_instant(updated_at)
    FROM output.interviews;
-- The run steps and the list calls each made.
CREATE OR REPLACE VIEW q_calls AS
    SELECT seq, phase, path, status, fault, started_at, ended_at, req_body, resp_body,
           CASE WHEN json_valid(resp_body) THEN json_extract_string(resp_body, '$.errorInfo.code') END AS error_code,
           CASE WHEN json_valid(resp_body) THEN json_extract(resp_body, '$.success') = 'true'::JSON ELSE FALSE END AS ok,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.cursor') END AS cursor,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.syncToken') END AS sync_token,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.applicationId') END AS application_id,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.candidateId') END AS candidate_id,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.jobId') END AS job_id,
           CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, '$.status') END AS status_filter
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'quarry' AND phase IN ('scenario:run1', 'scenario:run2', 'scenario:run3');
