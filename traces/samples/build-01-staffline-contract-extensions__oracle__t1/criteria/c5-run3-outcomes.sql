-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-run3-outcomes
-- category: correctness
-- weight: 3
-- mandatory: false
-- population: SELECT 6
-- description: Run 3 (file W10) reports one results row per input row with the right placement_id and outcome,
--   judged on StaffLine's state when the run started.
-- The answer key (ak_*) is in _answer_key.sql.
WITH pre AS (SELECT * FROM cp_before_run3.staffline_placements),
expect AS (
    SELECT c.row_no, p.id AS placement_id,
           CASE WHEN p.id IS NULL THEN 'unknown_assignment'
                WHEN c.rk > 1 THEN 'superseded'
                WHEN p.status = 'Closed' THEN 'rejected_closed'
                WHEN p.end_date IS NULL OR c.new_end > p.end_date THEN 'applied'
                WHEN c.new_end = p.end_date THEN 'already_current'
                ELSE 'rejected_shortening' END AS outcome
    FROM ak_csv c LEFT JOIN pre p ON p.external_ref = c.ref
    WHERE c.file = 'B'
), got AS (
    SELECT TRY_CAST(trim(CAST(row_no AS VARCHAR)) AS BIGINT) AS row_no,
           TRY_CAST(NULLIF(trim(CAST(placement_id AS VARCHAR)), '') AS BIGINT) AS placement_id,
           lower(trim(CAST(outcome AS VARCHAR))) AS outcome
    FROM output.extension_results
)
SELECT e.row_no, e.outcome AS expected_outcome, g.outcome AS reported_outcome,
       e.placement_id AS expected_placement_id, g.placement_id AS reported_placement_id
FROM expect e LEFT JOIN got g ON g.row_no = e.row_no
WHERE g.row_no IS NULL OR g.outcome IS DISTINCT FROM e.outcome OR g.placement_id IS DISTINCT FROM e.placement_id
UNION ALL
SELECT g.row_no, 'no such input row or reported twice', NULL, NULL, NULL
FROM got g GROUP BY g.row_no
HAVING g.row_no IS NULL OR g.row_no NOT IN (SELECT row_no FROM expect) OR count(*) > 1
