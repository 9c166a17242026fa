-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-london-dates
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_key
-- description: entered_stage_on is the Europe/London calendar date the row's opportunity entered the stage
--   shown (when it moved into its current stage: lastAdvancedAt in Pipelane's state, the stage history on the
--   wire for imported ones; its archivedAt when it is archived). Judged against the row's own
--   opportunity, so a row showing the wrong one is c2's. About a third of the rows discriminate:
--   advanced or archived between midnight and 1 a.m. London summer time, the previous day in UTC.
--   An empty output after a run counts every tutor of that run.
SELECT r.cp, r.contact_id, r.own_entered_on AS expected, r.entered_stage_on AS actual, r.own_entered_at_utc
FROM ak_rows r
WHERE r.entered_stage_on IS DISTINCT FROM r.own_entered_on
UNION ALL
SELECT k.cp, k.contact_id, k.entered_on, NULL, k.entered_at_utc
FROM ak_key k WHERE k.cp NOT IN (SELECT cp FROM ak_out)
