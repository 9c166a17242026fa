-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-run1-run2-outcomes
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_outcomes WHERE run IN ('run1', 'run2')
-- description: Runs 1 and 2 (file W09, then the same file again) each report one results row per input
--   row with the right placement_id and outcome, judged on StaffLine's state when that run started
--   (so the second run reports already_current where the first applied).
-- The ticket asks for results.csv to report every row correctly after each run; run 3 is c5's.
-- The answer key (ak_*) is in _answer_key.sql.
WITH got AS (
    SELECT 'run1' AS run, TRY_CAST(trim(CAST(row_no AS VARCHAR)) AS BIGINT) AS row_no,
           TRY_CAST(NULLIF(trim(CAST(placement_id AS VARCHAR)), '') AS BIGINT) AS placement_id,
           lower(trim(CAST(outcome AS VARCHAR))) AS outcome
    FROM cp_cp1.output_extension_results
    UNION ALL
    SELECT 'run2', TRY_CAST(trim(CAST(row_no AS VARCHAR)) AS BIGINT),
           TRY_CAST(NULLIF(trim(CAST(placement_id AS VARCHAR)), '') AS BIGINT),
           lower(trim(CAST(outcome AS VARCHAR)))
    FROM cp_cp2.output_extension_results
), expect AS (
    SELECT * FROM ak_outcomes WHERE run IN ('run1', 'run2')
)
SELECT e.run, e.row_no, e.outcome AS expected_outcome, g.outcome AS reported_outcome,
       e.placement_id AS expected_placement_id, g.placement_id AS reported_placement_id
FROM expect e LEFT JOIN got g ON g.run = e.run AND g.row_no = e.row_no
WHERE g.row_no IS NULL OR g.outcome IS DISTINCT FROM e.outcome OR g.placement_id IS DISTINCT FROM e.placement_id
UNION ALL
SELECT g.run, g.row_no, 'no such input row or reported twice', NULL, NULL, NULL
FROM got g GROUP BY g.run, g.row_no
HAVING g.row_no IS NULL OR count(*) > 1
    OR g.row_no NOT IN (SELECT e.row_no FROM expect e WHERE e.run = g.run)
