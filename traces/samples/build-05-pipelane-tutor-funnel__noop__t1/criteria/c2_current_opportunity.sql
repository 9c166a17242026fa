-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-current-opportunity
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_key
-- description: Each tutor's row shows the opportunity the ticket's rule picks (open ones before archived ones,
--   the latest move into its current stage: lastAdvancedAt, which the wire leaves null for the ~650
--   imported opportunities whose stageChanges hold it; a tie to the newest createdAt) and, for a tutor
--   with an open one, its stage. Rows missing are c1's; an empty output after a run counts every tutor of that run.
SELECT k.cp, k.contact_id, k.opportunity_id AS expected, o.opportunity_id AS actual, k.stage AS expected_stage,
       o.stage AS actual_stage
FROM ak_key k JOIN ak_out o ON o.cp = k.cp AND o.contact_id = k.contact_id
WHERE o.opportunity_id IS DISTINCT FROM k.opportunity_id
   OR (NOT k.all_archived AND o.stage IS DISTINCT FROM k.stage)
UNION ALL
SELECT k.cp, k.contact_id, k.opportunity_id, 'no funnel rows after the run', k.stage, NULL
FROM ak_key k WHERE k.cp NOT IN (SELECT cp FROM ak_out)
