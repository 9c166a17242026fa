-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-nobody-extra
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After each run (cp1, final) the feed holds no row outside the key: no disqualified
--  candidate (15 are disqualified overnight), no candidate of a draft, archived or long-closed job
--  (one store job is archived overnight), no pair Workwell does not have. An empty feed fails.
SELECT o.cp, o.job_shortcode, o.candidate_id,
       CASE WHEN j.id IS NULL THEN 'not a Workwell (job, candidate) pair'
            WHEN c.disqualified THEN 'disqualified candidate'
            WHEN NOT j.in_scope THEN 'job out of scope: ' || j.state
            ELSE 'not in the key' END AS problem
FROM o_feed o
LEFT JOIN ww_candidates c ON c.cp = o.cp AND printf('%x', c.id) = o.candidate_id
LEFT JOIN ww_job_scope j ON j.cp = o.cp AND j.id = c.job_id AND j.shortcode = o.job_shortcode
WHERE NOT EXISTS (SELECT 1 FROM k_feed k
                  WHERE k.cp = o.cp AND k.job_shortcode = o.job_shortcode AND k.candidate_id = o.candidate_id)
UNION ALL
SELECT cp.cp, NULL, NULL, 'the feed is empty or missing after ' || cp.cp
FROM (VALUES ('cp1'), ('final')) cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_feed o WHERE o.cp = cp.cp)
