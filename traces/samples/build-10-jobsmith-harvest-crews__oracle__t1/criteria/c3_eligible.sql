-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-eligible
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_key
-- description: eligible is true exactly when the application's Jobsmith date is on or before the cutoff and
--   its status is not Withdrawn (the applications of 08-31 and 09-01, and the withdrawals, discriminate).
--   Rows missing are c1's or c4's; an empty output after a run counts every application of it.
SELECT k.cp, k.applicant_id, k.job_title, k.eligible AS expected, o.eligible AS actual, k.applied_on, k.status
FROM ak_key k JOIN ak_out o ON o.cp = k.cp AND o.applicant_id = k.applicant_id AND trim(o.job_title) = k.job_title
WHERE o.eligible IS DISTINCT FROM k.eligible
UNION ALL
SELECT k.cp, k.applicant_id, k.job_title, k.eligible, NULL, k.applied_on, k.status
FROM ak_key k WHERE k.cp NOT IN (SELECT cp FROM ak_out)
