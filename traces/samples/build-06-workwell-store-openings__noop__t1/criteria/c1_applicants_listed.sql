-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-applicants-listed
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_people
-- description: After each run (cp1, final) the feed lists every applicant it must: each person
--  applying to a published store job or one closed in the last 30 days by Workwell's date, not
--  disqualified, with the job's shortcode and the candidate's id as Workwell writes them
--  (unpadded lower-case hex). A person Workwell holds more than once on the job (a re-applicant:
--  the same e-mail) is listed by any one of their non-disqualified candidates; people sharing a
--  name are different people.
SELECT k.cp, k.job_shortcode, k.person, k.candidate_ids, k.store_code, k.name
FROM k_people k
WHERE NOT EXISTS (SELECT 1 FROM o_feed o
                  WHERE o.cp = k.cp AND o.job_shortcode = k.job_shortcode
                    AND list_contains(k.candidate_ids, o.candidate_id))
