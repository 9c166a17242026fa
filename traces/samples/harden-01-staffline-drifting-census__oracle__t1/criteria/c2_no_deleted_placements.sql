-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-no-deleted-placements
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: The census holds no placement that no longer exists in StaffLine when the run
--  ends (deleted before or during the run); an empty or missing census fails.
SELECT CAST(o.placement_id AS VARCHAR) AS placement_id, 'cp1' AS checkpoint,
       'not in StaffLine when run 1 ended' AS problem
FROM cp_cp1.output_census o
WHERE TRY_CAST(o.placement_id AS BIGINT) IS NULL
   OR TRY_CAST(o.placement_id AS BIGINT) NOT IN (SELECT id FROM cp_cp1.staffline_placements)
UNION ALL
SELECT CAST(o.placement_id AS VARCHAR), 'final', 'not in StaffLine when run 2 ended'
FROM output.census o
WHERE TRY_CAST(o.placement_id AS BIGINT) IS NULL
   OR TRY_CAST(o.placement_id AS BIGINT) NOT IN (SELECT id FROM state.staffline_placements)
UNION ALL
SELECT NULL, 'cp1', 'the census after run 1 is empty or missing'
WHERE (SELECT count(*) FROM cp_cp1.output_census) = 0
UNION ALL
SELECT NULL, 'final', 'the census after run 2 is empty or missing'
WHERE (SELECT count(*) FROM output.census) = 0
