-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-applicants-listed
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_feed
-- description: After each run (cp1, final) the feed lists every applicant it must: each (job,
--  candidate) pair of a published store job or one closed in the last 30 days by Workwell's date,
--  candidate not disqualified, with the job's shortcode and the candidate's id as Workwell writes
--  them (unpadded lower-case hex).
SELECT k.cp, k.job_shortcode, k.candidate_id, k.store_code, k.name
FROM k_feed k
WHERE NOT EXISTS (SELECT 1 FROM o_feed o
                  WHERE o.cp = k.cp AND o.job_shortcode = k.job_shortcode AND o.candidate_id = k.candidate_id)
