-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-lone-object-rows
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM ak_single
-- description: The applications Jobsmith serves as a lone object instead of a list (the only application of
--   a job; the only applicant on a page of the plain list) are on the list after each run, once.
SELECT s.cp, s.applicant_id, s.job_title, count(o.applicant_id) AS rows_written
FROM ak_single s LEFT JOIN ak_out o ON o.cp = s.cp AND o.applicant_id = s.applicant_id AND trim(o.job_title) = s.job_title
GROUP BY ALL
HAVING count(o.applicant_id) <> 1
