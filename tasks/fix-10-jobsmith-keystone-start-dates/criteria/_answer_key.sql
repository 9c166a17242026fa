-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). Graded checkpoints: cp1 (after run1), cp2 (after run2),
-- final (after run3); each run's "before" state is the checkpoint before it (initial, hired,
-- cp2). Nothing changes during a run, so a checkpoint's Jobsmith state is what its run read.
--   k_hires   every Jobsmith hire per graded checkpoint whose applicant is still Hired on the
--             hire's job (rule 1: a slip set back is not a hire), with what rules 1-3 give its employee:
--             ref JS-<applicant id>, the applicant's names, e-mail and phone, the job's title
--             and department, start_date = the hire's date in the account's time zone
--             (America/New_York, figtree's account: the date Jobsmith shows)
--   ks_emp    Keystone employees after each run; ks_before: before it
--   k_review  the review list the ticket defines: employees of a hire that Keystone showed
--             as active when the run read it, whose start date is not the Jobsmith date
--   o_review  the review list each run wrote, typed
CREATE OR REPLACE TEMP VIEW k_hires AS
WITH h AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.jobsmith_hires
    UNION ALL SELECT 'cp2', * FROM cp_cp2.jobsmith_hires
    UNION ALL SELECT 'final', * FROM state.jobsmith_hires
), a AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.jobsmith_applicants
    UNION ALL SELECT 'cp2', * FROM cp_cp2.jobsmith_applicants
    UNION ALL SELECT 'final', * FROM state.jobsmith_applicants
), l AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.jobsmith_applicants2jobs
    UNION ALL SELECT 'cp2', * FROM cp_cp2.jobsmith_applicants2jobs
    UNION ALL SELECT 'final', * FROM state.jobsmith_applicants2jobs
), j AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.jobsmith_jobs
    UNION ALL SELECT 'cp2', * FROM cp_cp2.jobsmith_jobs
    UNION ALL SELECT 'final', * FROM state.jobsmith_jobs
)
SELECT h.cp, h.id AS hire_id, h.applicant_id, 'JS-' || CAST(h.applicant_id AS VARCHAR) AS ref,
       a.first_name, a.last_name, a.email, a.phone, j.title AS job_title, j.department,
       CAST(timezone('America/New_York', timezone('UTC', CAST(h.hired_at AS TIMESTAMP))) AS DATE) AS start_date
FROM h
JOIN a ON a.cp = h.cp AND a.id = h.applicant_id
JOIN j ON j.cp = h.cp AND j.id = h.job_id
-- a hire counts while its applicant is Hired on that job (v2): Stamford's two slips, hires a
-- manager recorded by mistake and set back to Withdrawn, stay in Jobsmith's hire list
JOIN l ON l.cp = h.cp AND l.applicant_id = h.applicant_id AND l.job_id = h.job_id AND l.status = 'Hired';

CREATE OR REPLACE TEMP VIEW ks_emp AS
SELECT 'cp1' AS cp, * FROM cp_cp1.keystone_employees
UNION ALL SELECT 'cp2', * FROM cp_cp2.keystone_employees
UNION ALL SELECT 'final', * FROM state.keystone_employees;

CREATE OR REPLACE TEMP VIEW ks_before AS
SELECT 'cp1' AS cp, * FROM cp_initial.keystone_employees
UNION ALL SELECT 'cp2', * FROM cp_hired.keystone_employees
UNION ALL SELECT 'final', * FROM cp_cp2.keystone_employees;

CREATE OR REPLACE TEMP VIEW k_review AS
SELECT b.cp, b.external_ref, b.employee_no, b.start_date AS keystone_start_date, k.start_date AS jobsmith_start_date
FROM ks_before b
JOIN k_hires k ON k.cp = b.cp AND k.ref = b.external_ref
WHERE b.status = 'active' AND b.start_date IS DISTINCT FROM k.start_date;

CREATE OR REPLACE TEMP VIEW o_review AS
SELECT 'cp1' AS cp, trim(CAST(external_ref AS VARCHAR)) AS external_ref, trim(CAST(employee_no AS VARCHAR)) AS employee_no,
       TRY_CAST(trim(CAST(keystone_start_date AS VARCHAR)) AS DATE) AS keystone_start_date,
       TRY_CAST(trim(CAST(jobsmith_start_date AS VARCHAR)) AS DATE) AS jobsmith_start_date
FROM cp_cp1.output_manual_review
UNION ALL
SELECT 'cp2', trim(CAST(external_ref AS VARCHAR)), trim(CAST(employee_no AS VARCHAR)),
       TRY_CAST(trim(CAST(keystone_start_date AS VARCHAR)) AS DATE), TRY_CAST(trim(CAST(jobsmith_start_date AS VARCHAR)) AS DATE)
FROM cp_cp2.output_manual_review
UNION ALL
SELECT 'final', trim(CAST(external_ref AS VARCHAR)), trim(CAST(employee_no AS VARCHAR)),
       TRY_CAST(trim(CAST(keystone_start_date AS VARCHAR)) AS DATE), TRY_CAST(trim(CAST(jobsmith_start_date AS VARCHAR)) AS DATE)
FROM output.manual_review;
