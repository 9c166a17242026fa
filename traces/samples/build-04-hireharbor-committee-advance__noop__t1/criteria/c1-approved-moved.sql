-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-approved-moved
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_expect WHERE eligible
-- description: Every application a run had to move (approved by two thirds of its committee's counted
--   votes, active and in Committee Review when the run started) is in its own job's Campus Visit stage
--   after that run (run1 at cp1, run2 at the end), unless HR sent it back to an earlier stage while
--   the run worked (then it stays where HR put it, c2).
-- The answer key (ak_*) is in _answer_key.sql.
WITH post AS (
    SELECT 'run1' AS run, id, current_stage_id FROM cp_cp1.hireharbor_applications
    UNION ALL
    SELECT 'run2', id, current_stage_id FROM state.hireharbor_applications
)
SELECT e.run, e.application_id, s.cv_id AS campus_visit_stage_id, p.current_stage_id AS stage_id_after_run
FROM ak_expect e
JOIN ak_start s ON s.run = e.run AND s.id = e.application_id
LEFT JOIN post p ON p.run = e.run AND p.id = e.application_id
WHERE e.eligible AND e.outcome <> 'not_eligible' AND p.current_stage_id IS DISTINCT FROM s.cv_id
