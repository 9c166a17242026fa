-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-hires-on
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Everyone hired is on the roster: after each run, every application on a job that Crewtide
--   holds as hired at that checkpoint is listed, whatever stage it sits at (the ticket's rule 1).
-- The answer key (ak_*) is in _answer_key.sql.
WITH hires AS (
    SELECT 'cp1' AS cp, id AS application_id, stage_id FROM cp_cp1.crewtide_job_applications
    WHERE status = 'hired' AND job_id IS NOT NULL
    UNION ALL
    SELECT 'final', id, stage_id FROM state.crewtide_job_applications WHERE status = 'hired' AND job_id IS NOT NULL
)
SELECT h.cp, h.application_id, h.stage_id, 'hired but not on the roster' AS problem
FROM hires h
WHERE NOT EXISTS (SELECT 1 FROM ak_out o WHERE o.cp = h.cp AND o.application_id = h.application_id)
