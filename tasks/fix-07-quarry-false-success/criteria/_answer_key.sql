-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. The graded checkpoints are the four after a run: cp1, cp2, cp3 (after the
-- run whose walk cannot complete) and final. For each: Quarry's applications (q_apps), the jobs
-- whose applications the key may not read — flagged confidential, or restricted for the key
-- (k_unreadable_jobs) —, the applications the planner must show (k_live: those of every other
-- job), and the planner's two tables (o_apps, o_skipped).
CREATE OR REPLACE VIEW q_apps AS
    SELECT 'cp1' AS cp, id, job_id, status FROM cp_cp1.quarry_applications
    UNION ALL SELECT 'cp2', id, job_id, status FROM cp_cp2.quarry_applications
    UNION ALL SELECT 'cp3', id, job_id, status FROM cp_cp3.quarry_applications
    UNION ALL SELECT 'final', id, job_id, status FROM state.quarry_applications;
CREATE OR REPLACE VIEW k_unreadable_jobs AS
    SELECT 'cp1' AS cp, id AS job_id, title FROM cp_cp1.quarry_jobs WHERE confidential OR restricted
    UNION ALL SELECT 'cp2', id, title FROM cp_cp2.quarry_jobs WHERE confidential OR restricted
    UNION ALL SELECT 'cp3', id, title FROM cp_cp3.quarry_jobs WHERE confidential OR restricted
    UNION ALL SELECT 'final', id, title FROM state.quarry_jobs WHERE confidential OR restricted;
CREATE OR REPLACE VIEW k_live AS
    SELECT a.cp, a.id, a.job_id, a.status FROM q_apps a
    WHERE NOT EXISTS (SELECT 1 FROM k_unreadable_jobs u WHERE u.cp = a.cp AND u.job_id = a.job_id);
CREATE OR REPLACE VIEW o_apps AS
    SELECT 'cp1' AS cp, id, job_id, status, TRY_CAST(archived AS INTEGER) AS archived FROM cp_cp1.output_applications
    UNION ALL SELECT 'cp2', id, job_id, status, TRY_CAST(archived AS INTEGER) FROM cp_cp2.output_applications
    UNION ALL SELECT 'cp3', id, job_id, status, TRY_CAST(archived AS INTEGER) FROM cp_cp3.output_applications
    UNION ALL SELECT 'final', id, job_id, status, TRY_CAST(archived AS INTEGER) FROM output.applications;
CREATE OR REPLACE VIEW o_skipped AS
    SELECT 'cp1' AS cp, job_id, title FROM cp_cp1.output_skipped_jobs
    UNION ALL SELECT 'cp2', job_id, title FROM cp_cp2.output_skipped_jobs
    UNION ALL SELECT 'final', job_id, title FROM output.skipped_jobs;
