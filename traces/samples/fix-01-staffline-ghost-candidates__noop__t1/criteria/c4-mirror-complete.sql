-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-mirror-complete
-- category: correctness
-- weight: 1
-- mandatory: false
-- population: SELECT (SELECT count(*) FROM state.staffline_candidates) + (SELECT count(*) FROM state.staffline_applications)
-- description: Regression guard: after run3 every live StaffLine candidate and application is in the mirror.
SELECT 'candidate' AS kind, s.id
FROM state.staffline_candidates s
WHERE s.id NOT IN (SELECT TRY_CAST(id AS BIGINT) FROM output.candidates WHERE id IS NOT NULL)
UNION ALL
SELECT 'application', s.id
FROM state.staffline_applications s
WHERE s.id NOT IN (SELECT TRY_CAST(id AS BIGINT) FROM output.applications WHERE id IS NOT NULL)
