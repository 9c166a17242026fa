-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-no-deleted-candidates
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After run2 and after run3, the mirror holds no candidate that StaffLine has deleted
--   (an empty mirror fails).
SELECT TRY_CAST(o.id AS BIGINT) AS candidate_id, 'after run2' AS checkpoint, t.deleted_at
FROM cp_cp2.output_candidates o
JOIN cp_cp2.staffline_tombstones t ON t.type = 'candidate' AND t.record_id = TRY_CAST(o.id AS BIGINT)
UNION ALL
SELECT TRY_CAST(o.id AS BIGINT), 'after run3', t.deleted_at
FROM output.candidates o
JOIN state.staffline_tombstones t ON t.type = 'candidate' AND t.record_id = TRY_CAST(o.id AS BIGINT)
UNION ALL
SELECT NULL, 'after run2: the mirror has no candidates', NULL WHERE (SELECT count(*) FROM cp_cp2.output_candidates) = 0
UNION ALL
SELECT NULL, 'after run3: the mirror has no candidates', NULL WHERE (SELECT count(*) FROM output.candidates) = 0
