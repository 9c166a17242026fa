-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-applied-on
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_key
-- description: applied_on is the date Jobsmith shows for the application (a local Pacific date, taken as
--   it is). Rows missing are c1's or c4's; an empty output after a run counts every application of it.
SELECT k.cp, k.applicant_id, k.job_title, k.applied_on AS expected, o.applied_on AS actual
FROM ak_key k JOIN ak_out o ON o.cp = k.cp AND o.applicant_id = k.applicant_id AND trim(o.job_title) = k.job_title
WHERE o.applied_on IS DISTINCT FROM k.applied_on
UNION ALL
SELECT k.cp, k.applicant_id, k.job_title, k.applied_on, NULL
FROM ak_key k WHERE k.cp NOT IN (SELECT cp FROM ak_out)
