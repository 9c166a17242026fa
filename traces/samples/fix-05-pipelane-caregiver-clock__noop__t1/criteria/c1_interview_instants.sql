-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: C1
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each run, every tracker line shows its candidacy's latest interview as the
--   instant Pipelane holds (UTC), or nothing when it has none; judged on the lines present
--   (missing ones are C2's), and fails when a run left the tracker empty.
SELECT o.cp, o.opportunity_id, o.interview_text AS shown, k.interview_at AS expected_utc
FROM o_rows o JOIN k_rows k ON k.cp = o.cp AND k.opportunity_id = o.opportunity_id
WHERE o.interview_at IS DISTINCT FROM k.interview_at
   OR (o.interview_text IS NOT NULL AND o.interview_at IS NULL)
UNION ALL
SELECT c.cp, 'the tracker is empty after this run', NULL, NULL
FROM (VALUES ('cp1'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_rows o WHERE o.cp = c.cp)
