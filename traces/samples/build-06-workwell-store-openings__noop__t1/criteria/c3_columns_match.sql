-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-columns-match
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM k_feed k JOIN o_feed o ON o.cp = k.cp AND o.job_shortcode = k.job_shortcode AND o.candidate_id = k.candidate_id
-- description: After each run (cp1, final) every listed applicant's row carries what Workwell has
--  at that moment: the job's store code (its store_code field), the name (first then last), the
--  e-mail (empty when none), the stage's display name (10 applicants move on overnight) and
--  applied_at, the candidate's creation instant (any ISO-8601 form of the same second).
--  Applicants missing from the feed are c1's; a feed listing none of them fails.
SELECT k.cp, k.job_shortcode, k.candidate_id,
       CASE WHEN o.store_code IS DISTINCT FROM k.store_code THEN 'store_code'
            WHEN o.name IS DISTINCT FROM k.name THEN 'name'
            WHEN coalesce(o.email, '') <> coalesce(k.email, '') THEN 'email'
            WHEN o.stage IS DISTINCT FROM k.stage THEN 'stage'
            ELSE 'applied_at' END AS problem,
       o.store_code AS feed_store_code, k.store_code AS workwell_store_code, o.stage AS feed_stage,
       k.stage AS workwell_stage, o.applied_at AS feed_applied_at, k.applied_at AS workwell_applied_at
FROM k_feed k
JOIN o_feed o ON o.cp = k.cp AND o.job_shortcode = k.job_shortcode AND o.candidate_id = k.candidate_id
WHERE o.store_code IS DISTINCT FROM k.store_code
   OR o.name IS DISTINCT FROM k.name
   OR coalesce(o.email, '') <> coalesce(k.email, '')
   OR o.stage IS DISTINCT FROM k.stage
   OR date_trunc('second', timezone('UTC', TRY_CAST(o.applied_at AS TIMESTAMPTZ))) IS DISTINCT FROM k.applied_at
UNION ALL
SELECT w.cp, NULL, NULL, 'no applicant of the key is in the feed after ' || w.cp, NULL, NULL, NULL, NULL, NULL, NULL
FROM (VALUES ('cp1'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_feed k JOIN o_feed o ON o.cp = k.cp AND o.job_shortcode = k.job_shortcode
                  AND o.candidate_id = k.candidate_id WHERE k.cp = w.cp)
