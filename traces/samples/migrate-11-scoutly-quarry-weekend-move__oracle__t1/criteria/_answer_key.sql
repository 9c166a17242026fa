-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. The graded checkpoint is final (after run 2); Scoutly never changes, so
-- its final dump is the truth. People are matched by e-mail (lower case, blanks trimmed).
CREATE OR REPLACE VIEW job_map AS
SELECT * FROM (VALUES ('VK-1', 'VKQ-101'), ('VK-2', 'VKQ-102'), ('VK-3', 'VKQ-103'), ('VK-4', 'VKQ-104'))
    AS t(scoutly_ref, req_code);

CREATE OR REPLACE VIEW status_map AS
SELECT * FROM (VALUES ('NEW', 'Active', 'Application Review', NULL), ('IN_REVIEW', 'Active', 'Phone Screen', NULL),
                      ('INTERVIEW', 'Active', 'Onsite', NULL), ('OFFERED', 'Active', 'Offer', NULL),
                      ('HIRED', 'Hired', 'Hired', NULL),
                      ('REJECTED', 'Archived', 'Application Review', 'Rejected - Skills'),
                      ('WITHDRAWN', 'Archived', 'Application Review', 'Withdrew'))
    AS t(scoutly_status, status, stage, archive_reason);

CREATE OR REPLACE VIEW k_cands AS
SELECT id AS scoutly_id, lower(trim(email)) AS email, first_name || ' ' || last_name AS name, phone, created_at
FROM state.scoutly_candidates;

-- Every Scoutly application with the Quarry job and status it must have there.
CREATE OR REPLACE VIEW k_apps AS
SELECT a.id AS scoutly_id, c.email, qj.id AS job_id, m.status, m.stage, m.archive_reason, a.created_at
FROM state.scoutly_applications a
JOIN k_cands c ON c.scoutly_id = a.candidate_id
JOIN state.scoutly_jobs j ON j.id = a.job_id
JOIN job_map jm ON jm.scoutly_ref = j.ref_number
JOIN state.quarry_jobs qj ON qj.req_code = jm.req_code
JOIN status_map m ON m.scoutly_status = a.status;

-- The custom fields as the pilot import wrote them: key = the question's text; Yes/No, whole
-- numbers, the option or text as is; the latest application (created_at, id) wins.
CREATE OR REPLACE VIEW k_fields AS
WITH q AS (
    SELECT DISTINCT json_extract_string(x.q, '$.id') AS qid, json_extract_string(x.q, '$.text') AS text
    FROM (SELECT unnest(json_extract(screening_questions, '$[*]')) AS q FROM state.scoutly_jobs) x
), ans AS (
    SELECT c.email, a.created_at, a.id AS app_id, json_extract_string(x.ans, '$.questionId') AS qid,
           json_extract(x.ans, '$.answer') AS v
    FROM (SELECT *, unnest(json_extract(screening_answers, '$[*]')) AS ans FROM state.scoutly_applications) x
    JOIN state.scoutly_applications a ON a.id = x.id
    JOIN k_cands c ON c.scoutly_id = a.candidate_id
), rendered AS (
    SELECT email, created_at, app_id, q.text AS field,
           CASE json_type(v) WHEN 'BOOLEAN' THEN CASE WHEN CAST(v AS VARCHAR) = 'true' THEN 'Yes' ELSE 'No' END
                WHEN 'VARCHAR' THEN json_extract_string(v, '$')
                ELSE CAST(CAST(CAST(v AS VARCHAR) AS DOUBLE) AS BIGINT)::VARCHAR END AS value
    FROM ans JOIN q ON q.qid = ans.qid
)
SELECT email, field, arg_max(value, created_at || app_id) AS value FROM rendered GROUP BY email, field;

CREATE OR REPLACE VIEW q_cands AS
SELECT id, lower(trim(email)) AS email, name, phone, custom_fields FROM state.quarry_candidates;

CREATE OR REPLACE VIEW q_fields AS
SELECT c.email, c.id, k.field, json_extract_string(c.custom_fields, '$."' || replace(k.field, '"', '\"') || '"') AS value
FROM q_cands c, (SELECT id, unnest(json_keys(custom_fields)) AS field FROM q_cands) k
WHERE k.id = c.id;

CREATE OR REPLACE VIEW q_apps AS
SELECT a.id, a.candidate_id, c.email, a.job_id, a.status, a.current_stage, a.archive_reason
FROM state.quarry_applications a LEFT JOIN q_cands c ON c.id = a.candidate_id;
