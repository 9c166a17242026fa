-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-nothing-else-changed
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: A run changes nothing but the stage of the applications it had to move: no other
--   application changes stage (not approved, rejected, hired, not yet in Committee Review, already at
--   Campus Visit or beyond: nothing moves backwards) and no other field of any application changes
--   (HR's own changes during a run are not counted, but an application HR moved while the run worked
--   ends where HR put it; a run that wrote no advance_log.csv fails).
-- The answer key (ak_*) is in _answer_key.sql.
WITH pairs AS (
    SELECT 'run1' AS run, a.id AS a_id, b.id AS b_id,
           a.current_stage_id AS a_stage, b.current_stage_id AS b_stage,
           (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id
            OR a.status IS DISTINCT FROM b.status OR a.source IS DISTINCT FROM b.source
            OR a.rejection_reason IS DISTINCT FROM b.rejection_reason
            OR CAST(a.custom_fields AS VARCHAR) IS DISTINCT FROM CAST(b.custom_fields AS VARCHAR)
            OR a.applied_at IS DISTINCT FROM b.applied_at OR a.rejected_at IS DISTINCT FROM b.rejected_at
            OR a.hired_at IS DISTINCT FROM b.hired_at OR a.created_at IS DISTINCT FROM b.created_at) AS other_changed
    FROM cp_initial.hireharbor_applications a FULL JOIN cp_cp1.hireharbor_applications b ON a.id = b.id
    UNION ALL
    SELECT 'run2', a.id, b.id, a.current_stage_id, b.current_stage_id,
           (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id
            OR a.status IS DISTINCT FROM b.status OR a.source IS DISTINCT FROM b.source
            OR a.rejection_reason IS DISTINCT FROM b.rejection_reason
            OR CAST(a.custom_fields AS VARCHAR) IS DISTINCT FROM CAST(b.custom_fields AS VARCHAR)
            OR a.applied_at IS DISTINCT FROM b.applied_at OR a.rejected_at IS DISTINCT FROM b.rejected_at
            OR a.hired_at IS DISTINCT FROM b.hired_at OR a.created_at IS DISTINCT FROM b.created_at)
    FROM cp_before_run2.hireharbor_applications a FULL JOIN state.hireharbor_applications b ON a.id = b.id
), judged AS (
    SELECT p.*, coalesce(e.eligible, false) AS eligible,
           EXISTS (SELECT 1 FROM ak_scheduled m WHERE m.run = p.run AND m.application_id = p.a_id) AS hr_during_run,
           s.eff_stage_id
    FROM pairs p
    LEFT JOIN ak_expect e ON e.run = p.run AND e.application_id = p.a_id
    LEFT JOIN ak_start s ON s.run = p.run AND s.id = p.a_id
)
SELECT run, coalesce(a_id, b_id) AS application_id,
       CASE WHEN a_id IS NULL THEN 'application appeared' WHEN b_id IS NULL THEN 'application disappeared'
            WHEN other_changed THEN 'a field other than the stage changed'
            WHEN hr_during_run THEN 'stage changed after HR had moved it during the run'
            ELSE 'stage changed although the run had not to move it' END AS problem,
       a_stage AS stage_id_before, b_stage AS stage_id_after
FROM judged
WHERE (NOT hr_during_run
       AND (a_id IS NULL OR b_id IS NULL OR other_changed
            OR (a_stage IS DISTINCT FROM b_stage AND NOT eligible)))
   -- an application HR moved while the run worked must end where HR put it (HR's move fired: the
   -- stage changed during the run; the connector's own move of it is the one that triggers HR's)
   OR (hr_during_run AND a_stage IS DISTINCT FROM b_stage AND b_stage IS DISTINCT FROM eff_stage_id)
UNION ALL
SELECT 'run1', NULL, 'run1 wrote no advance_log.csv', NULL, NULL
WHERE (SELECT count(*) FROM cp_cp1.output_advance_log) = 0
UNION ALL
SELECT 'run2', NULL, 'run2 wrote no advance_log.csv', NULL, NULL
WHERE (SELECT count(*) FROM output.advance_log) = 0
