-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-review-list
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After each run manual_review.csv names exactly the employees of Jobsmith hires
--  that Keystone showed as active with a start date other than the Jobsmith date (four of the
--  five active ones: the fifth was corrected by HR), each with its employee number, Keystone's
--  start date and the Jobsmith date; no other line.
SELECT 'missing or wrong' AS problem, * FROM (
    SELECT cp, external_ref, employee_no, keystone_start_date, jobsmith_start_date FROM k_review
    EXCEPT
    SELECT cp, external_ref, employee_no, keystone_start_date, jobsmith_start_date FROM o_review
)
UNION ALL
SELECT 'not on the list the ticket defines', * FROM (
    SELECT cp, external_ref, employee_no, keystone_start_date, jobsmith_start_date FROM o_review
    EXCEPT
    SELECT cp, external_ref, employee_no, keystone_start_date, jobsmith_start_date FROM k_review
)
UNION ALL
SELECT 'no wrongly dated active employee (scenario broken)', NULL, NULL, NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM k_review)
