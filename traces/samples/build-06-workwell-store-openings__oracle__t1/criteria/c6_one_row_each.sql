-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-each
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: After each run (cp1, final) the feed holds each applicant once per job: no (job,
--  candidate) pair twice, and no two rows of one job for the same person (a re-applicant whom
--  Workwell holds as two or three candidates of the job with the same e-mail: the ticket's
--  "a person is on a store's list once"). An empty feed fails.
SELECT cp, job_shortcode, candidate_id AS who, count(*) AS rows, 'the same (job, candidate) more than once' AS problem
FROM o_feed GROUP BY cp, job_shortcode, candidate_id HAVING count(*) > 1
UNION ALL
SELECT o.cp, o.job_shortcode, k.person, count(DISTINCT o.candidate_id), 'one person listed by several of their candidates'
FROM o_feed o
JOIN k_feed k ON k.cp = o.cp AND k.job_shortcode = o.job_shortcode AND k.candidate_id = o.candidate_id
GROUP BY o.cp, o.job_shortcode, k.person HAVING count(DISTINCT o.candidate_id) > 1
UNION ALL
SELECT cp.cp, NULL, NULL, 0, 'the feed is empty or missing after ' || cp.cp
FROM (VALUES ('cp1'), ('final')) cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_feed o WHERE o.cp = cp.cp)
