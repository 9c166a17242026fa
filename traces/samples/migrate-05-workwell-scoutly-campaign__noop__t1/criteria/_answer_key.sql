-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. The graded checkpoints are cp2 (after run 2, the resumed load) and final
-- (after run 3, which carries the recruiters' changes); Workwell's state at each checkpoint is
-- the truth Scoutly must match there (the connector never writes to Workwell).
CREATE OR REPLACE VIEW status_map AS
SELECT * FROM (VALUES ('sourced', 'NEW'), ('applied', 'NEW'), ('phone-screen', 'IN_REVIEW'),
                      ('assessment', 'IN_REVIEW'), ('interview', 'INTERVIEW'), ('offer', 'OFFERED'),
                      ('hired', 'HIRED')) AS t(stage, status);

CREATE OR REPLACE VIEW ww_jobs AS
SELECT 'cp2' AS cp, id, shortcode, title FROM cp_cp2.workwell_jobs
UNION ALL SELECT 'final', id, shortcode, title FROM state.workwell_jobs;

CREATE OR REPLACE VIEW ww_cands AS
SELECT 'cp2' AS cp, id, job_id, firstname, lastname, email, phone, stage, disqualified, answers
FROM cp_cp2.workwell_candidates
UNION ALL
SELECT 'final', id, job_id, firstname, lastname, email, phone, stage, disqualified, answers
FROM state.workwell_candidates;

CREATE OR REPLACE VIEW sc_jobs AS
SELECT 'cp2' AS cp, id, ref_number, title, screening_questions FROM cp_cp2.scoutly_jobs
UNION ALL SELECT 'final', id, ref_number, title, screening_questions FROM state.scoutly_jobs;

CREATE OR REPLACE VIEW sc_cands AS
SELECT 'cp2' AS cp, id, first_name, last_name, email, phone, external_id FROM cp_cp2.scoutly_candidates
UNION ALL SELECT 'final', id, first_name, last_name, email, phone, external_id FROM state.scoutly_candidates;

CREATE OR REPLACE VIEW sc_apps AS
SELECT 'cp2' AS cp, id, candidate_id, job_id, status, screening_answers FROM cp_cp2.scoutly_applications
UNION ALL SELECT 'final', id, candidate_id, job_id, status, screening_answers FROM state.scoutly_applications;

-- The applicants as the ticket maps them: externalId = the Workwell id in hex as Workwell shows
-- it; status from the map on the stage slug, REJECTED when disqualified; no status = flagged.
CREATE OR REPLACE VIEW key_applicants AS
SELECT c.cp, format('{:x}', c.id) AS external_id, c.firstname, c.lastname, c.email, c.phone,
       j.shortcode, CASE WHEN c.disqualified THEN 'REJECTED' ELSE m.status END AS status, c.answers
FROM ww_cands c
JOIN ww_jobs j ON j.cp = c.cp AND j.id = c.job_id
LEFT JOIN status_map m ON m.stage = c.stage;

-- Expected screening answers: the tests taken (a null or blank answer is left out); the bleep
-- level and the climb time as numbers (a decimal comma is the kiosk's decimal point), right to
-- work true for yes.
CREATE OR REPLACE VIEW key_answers AS
WITH raw AS (
    SELECT k.cp, k.external_id, unnest(json_transform(k.answers, '[{"question_key": "VARCHAR", "answer": "VARCHAR"}]')) AS a
    FROM key_applicants k WHERE k.status IS NOT NULL
)
SELECT cp, external_id, a.question_key AS question_id,
       CASE WHEN a.question_key = 'right_to_work' THEN NULL
            ELSE CAST(replace(trim(a.answer), ',', '.') AS DOUBLE) END AS num,
       CASE WHEN a.question_key = 'right_to_work' THEN lower(trim(a.answer)) = 'yes' END AS bool
FROM raw
WHERE a.answer IS NOT NULL AND trim(a.answer) <> ''
  AND a.question_key IN ('bleep_test_level', 'ladder_climb_s', 'right_to_work');

-- Scoutly's answers, one row each (the answer kept as JSON to see its type).
CREATE OR REPLACE VIEW sc_answers AS
WITH raw AS (
    SELECT a.cp, a.id AS application_id, unnest(json_transform(a.screening_answers, '[{"questionId": "VARCHAR", "answer": "JSON"}]')) AS x
    FROM sc_apps a
)
SELECT cp, application_id, x.questionId AS question_id, x.answer AS answer, json_type(x.answer) AS answer_type
FROM raw;

-- The campaign's candidates in Scoutly: those holding an externalId.
CREATE OR REPLACE VIEW id_map AS
SELECT 'cp2' AS cp, CAST(workwell_id AS VARCHAR) AS workwell_id, CAST(scoutly_candidate_id AS VARCHAR) AS scoutly_candidate_id,
       CAST(scoutly_application_id AS VARCHAR) AS scoutly_application_id, CAST(outcome AS VARCHAR) AS outcome
FROM cp_cp2.output_id_map
UNION ALL
SELECT 'final', CAST(workwell_id AS VARCHAR), CAST(scoutly_candidate_id AS VARCHAR),
       CAST(scoutly_application_id AS VARCHAR), CAST(outcome AS VARCHAR)
FROM output.id_map;
