-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-candidate
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After the snapshot every candidate Scoutly holds is in it (an empty snapshot fails).
--   Binary: a walk that loses a few dozen of 2,500 must not earn most of the weight.
SELECT s.id AS candidate_id, s.external_id, s.updated_at
FROM state.scoutly_candidates s
WHERE s.id NOT IN (SELECT CAST(id AS VARCHAR) FROM output.candidates WHERE id IS NOT NULL)
