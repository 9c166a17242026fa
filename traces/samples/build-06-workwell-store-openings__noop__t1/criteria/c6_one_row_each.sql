-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-each
-- category: integrity
-- weight: 1
-- description: After each run (cp1, final) the feed holds each (job, candidate) pair once. An
--  empty feed fails.
SELECT cp, job_shortcode, candidate_id, count(*) AS rows
FROM o_feed GROUP BY cp, job_shortcode, candidate_id HAVING count(*) > 1
UNION ALL
SELECT cp.cp, NULL, NULL, 0
FROM (VALUES ('cp1'), ('final')) cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_feed o WHERE o.cp = cp.cp)
