-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-days-in-stage
-- category: correctness
-- weight: 2
-- mandatory: false
-- population: SELECT count(*) FROM ak_key
-- description: days_in_stage counts London calendar days from the date the row's opportunity entered the stage
--   shown to the run's --as-of date, and as_of is that date. An empty output after a run counts every
--   tutor of that run.
SELECT r.cp, r.contact_id, date_diff('day', r.own_entered_on, r.key_as_of) AS expected, r.days_in_stage AS actual,
       r.key_as_of AS expected_as_of, r.as_of AS actual_as_of
FROM ak_rows r
WHERE r.days_in_stage IS DISTINCT FROM date_diff('day', r.own_entered_on, r.key_as_of)
   OR r.as_of IS DISTINCT FROM r.key_as_of
UNION ALL
SELECT k.cp, k.contact_id, k.days, NULL, k.as_of, NULL
FROM ak_key k WHERE k.cp NOT IN (SELECT cp FROM ak_out)
