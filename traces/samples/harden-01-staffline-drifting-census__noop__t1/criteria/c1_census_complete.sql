-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-census-complete
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: Every placement that exists in StaffLine when a census run ends is in that run's
--  census (checked after run 1 and after run 2), with its external_ref.
WITH o1 AS (
    SELECT TRY_CAST(placement_id AS BIGINT) AS id, CAST(external_ref AS VARCHAR) AS ref
    FROM cp_cp1.output_census
), o2 AS (
    SELECT TRY_CAST(placement_id AS BIGINT) AS id, CAST(external_ref AS VARCHAR) AS ref
    FROM output.census
)
SELECT p.id AS placement_id, 'cp1' AS checkpoint, p.external_ref, 'missing from the census' AS problem
FROM cp_cp1.staffline_placements p
WHERE NOT EXISTS (SELECT 1 FROM o1 WHERE o1.id = p.id AND o1.ref = p.external_ref)
UNION ALL
SELECT p.id, 'final', p.external_ref, 'missing from the census'
FROM state.staffline_placements p
WHERE NOT EXISTS (SELECT 1 FROM o2 WHERE o2.id = p.id AND o2.ref = p.external_ref)
