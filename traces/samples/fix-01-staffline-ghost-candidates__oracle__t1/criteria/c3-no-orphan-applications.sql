-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-orphan-applications
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: After run2 and after run3, every mirrored application belongs to a candidate the mirror
--   holds; a deleted candidate's applications leave with them (an empty applications table fails).
SELECT TRY_CAST(a.id AS BIGINT) AS application_id, TRY_CAST(a.candidate_id AS BIGINT) AS candidate_id,
       'after run2' AS checkpoint
FROM cp_cp2.output_applications a
WHERE TRY_CAST(a.candidate_id AS BIGINT) IS NULL
   OR TRY_CAST(a.candidate_id AS BIGINT) NOT IN (SELECT TRY_CAST(id AS BIGINT) FROM cp_cp2.output_candidates WHERE id IS NOT NULL)
UNION ALL
SELECT TRY_CAST(a.id AS BIGINT), TRY_CAST(a.candidate_id AS BIGINT), 'after run3'
FROM output.applications a
WHERE TRY_CAST(a.candidate_id AS BIGINT) IS NULL
   OR TRY_CAST(a.candidate_id AS BIGINT) NOT IN (SELECT TRY_CAST(id AS BIGINT) FROM output.candidates WHERE id IS NOT NULL)
UNION ALL
SELECT NULL, NULL, 'after run2: the mirror has no applications' WHERE (SELECT count(*) FROM cp_cp2.output_applications) = 0
UNION ALL
SELECT NULL, NULL, 'after run3: the mirror has no applications' WHERE (SELECT count(*) FROM output.applications) = 0
