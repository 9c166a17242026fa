-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-volunteers-complete
-- category: correctness
-- weight: 6
-- mandatory: true
-- description: Every candidate tagged volunteer-2026 when a sync run ends (after run 1 and after
--  run 2) is in that run's volunteers.csv -- sign-ups during the run, last year's crew who signed
--  up again, the volunteers of a page that failed and those a shifting page skipped included.
SELECT e.checkpoint, e.id AS candidate_id, e.email, 'tagged in Crewtide, missing from volunteers.csv' AS problem
FROM ak_expected e
WHERE NOT EXISTS (SELECT 1 FROM ak_output o WHERE o.checkpoint = e.checkpoint AND o.id = e.id)
