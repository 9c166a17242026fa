-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared views. Graded checkpoints: cp1..cp4 (after runs 1-4) and final (after run 5).
CREATE OR REPLACE VIEW cps AS
SELECT * FROM (VALUES ('cp1', 1), ('cp2', 2), ('cp3', 3), ('cp4', 4), ('final', 5)) t(cp, n);

-- Crewtide at each graded checkpoint: applications, candidates, screening-status values.
CREATE OR REPLACE VIEW ct_apps AS
SELECT 'cp1' AS cp, id, candidate_id, status FROM cp_cp1.crewtide_job_applications
UNION ALL SELECT 'cp2', id, candidate_id, status FROM cp_cp2.crewtide_job_applications
UNION ALL SELECT 'cp3', id, candidate_id, status FROM cp_cp3.crewtide_job_applications
UNION ALL SELECT 'cp4', id, candidate_id, status FROM cp_cp4.crewtide_job_applications
UNION ALL SELECT 'final', id, candidate_id, status FROM state.crewtide_job_applications;

CREATE OR REPLACE VIEW ct_candidates AS
SELECT 'cp1' AS cp, id, first_name, last_name, email FROM cp_cp1.crewtide_candidates
UNION ALL SELECT 'cp2', id, first_name, last_name, email FROM cp_cp2.crewtide_candidates
UNION ALL SELECT 'cp3', id, first_name, last_name, email FROM cp_cp3.crewtide_candidates
UNION ALL SELECT 'cp4', id, first_name, last_name, email FROM cp_cp4.crewtide_candidates
UNION ALL SELECT 'final', id, first_name, last_name, email FROM state.crewtide_candidates;

CREATE OR REPLACE VIEW ct_values AS
SELECT 'cp1' AS cp, id, custom_field_id, candidate_id, value FROM cp_cp1.crewtide_custom_field_values
UNION ALL SELECT 'cp2', id, custom_field_id, candidate_id, value FROM cp_cp2.crewtide_custom_field_values
UNION ALL SELECT 'cp3', id, custom_field_id, candidate_id, value FROM cp_cp3.crewtide_custom_field_values
UNION ALL SELECT 'cp4', id, custom_field_id, candidate_id, value FROM cp_cp4.crewtide_custom_field_values
UNION ALL SELECT 'final', id, custom_field_id, candidate_id, value FROM state.crewtide_custom_field_values;

CREATE OR REPLACE VIEW screening_field AS
SELECT id FROM cp_initial.crewtide_custom_fields WHERE api_name = 'screening-status';

-- ClearCheck at each graded checkpoint.
CREATE OR REPLACE VIEW cc_checks AS
SELECT 'cp1' AS cp, id, candidate_id, package, external_id, status, result, created_at FROM cp_cp1.clearcheck_checks
UNION ALL SELECT 'cp2', id, candidate_id, package, external_id, status, result, created_at FROM cp_cp2.clearcheck_checks
UNION ALL SELECT 'cp3', id, candidate_id, package, external_id, status, result, created_at FROM cp_cp3.clearcheck_checks
UNION ALL SELECT 'cp4', id, candidate_id, package, external_id, status, result, created_at FROM cp_cp4.clearcheck_checks
UNION ALL SELECT 'final', id, candidate_id, package, external_id, status, result, created_at FROM state.clearcheck_checks;

CREATE OR REPLACE VIEW cc_candidates AS
SELECT 'cp1' AS cp, id, first_name, last_name, email FROM cp_cp1.clearcheck_candidates
UNION ALL SELECT 'cp2', id, first_name, last_name, email FROM cp_cp2.clearcheck_candidates
UNION ALL SELECT 'cp3', id, first_name, last_name, email FROM cp_cp3.clearcheck_candidates
UNION ALL SELECT 'cp4', id, first_name, last_name, email FROM cp_cp4.clearcheck_candidates
UNION ALL SELECT 'final', id, first_name, last_name, email FROM state.clearcheck_candidates;

-- The nurses: candidates with a hired application at the checkpoint (one screening per person,
-- however many jobs they were hired into). Nobody is hired during a run, so these are the hires
-- the run before the checkpoint saw.
CREATE OR REPLACE VIEW hires AS
SELECT DISTINCT cp, candidate_id FROM ct_apps WHERE status = 'hired';

-- A nurse's checks: the orders carrying their Crewtide candidate id as external_id (the ticket's
-- rule for finance).
CREATE OR REPLACE VIEW hire_checks AS
SELECT h.cp, h.candidate_id, k.id AS check_id, k.candidate_id AS cc_candidate_id, k.package, k.status, k.result,
       k.created_at
FROM hires h JOIN cc_checks k ON k.cp = h.cp AND k.external_id = CAST(h.candidate_id AS VARCHAR);

-- The screening-status each nurse with a check must show: that of their live check (the newest
-- one not cancelled), or 'cancelled' when every check of theirs is cancelled.
CREATE OR REPLACE VIEW expected_screening AS
SELECT cp, candidate_id, check_id, status, result,
       CASE status WHEN 'pending' THEN 'ordered' WHEN 'in_progress' THEN 'in_progress'
                   WHEN 'complete' THEN result WHEN 'cancelled' THEN 'cancelled' END AS screening
FROM hire_checks
QUALIFY row_number() OVER (PARTITION BY cp, candidate_id
                           ORDER BY status = 'cancelled', created_at DESC, check_id DESC) = 1;

-- The screening-status Crewtide shows for each candidate at each checkpoint.
CREATE OR REPLACE VIEW shown_screening AS
SELECT v.cp, v.candidate_id, v.value FROM ct_values v WHERE v.custom_field_id IN (SELECT id FROM screening_field);

