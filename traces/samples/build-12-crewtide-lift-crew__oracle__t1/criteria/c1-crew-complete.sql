-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-crew-complete
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_crew
-- description: After each run the roster holds exactly the applications that belong on it (on a job, and
--   hired by status whatever its stage, or active at a stage of type offer), judged on Crewtide at that
--   moment: none missing (a hire left at an interview stage, an offer at a stage named otherwise), none
--   extra (a general application, a rejected or withdrawn offer, an earlier stage).
-- The answer key (ak_*) is in _answer_key.sql.
SELECT k.cp, k.application_id, 'missing from the roster' AS problem
FROM ak_crew k
WHERE NOT EXISTS (SELECT 1 FROM ak_out o WHERE o.cp = k.cp AND o.application_id = k.application_id)
UNION ALL
SELECT DISTINCT o.cp, o.application_id, 'on the roster but not crew' AS problem
FROM ak_out o
WHERE NOT EXISTS (SELECT 1 FROM ak_crew k WHERE k.cp = o.cp AND k.application_id = o.application_id)
