-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-one-row-per-candidate
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: After the snapshot every row is one candidate Scoutly holds at the end of the run, once: no id
--   twice, and nobody Scoutly no longer has (the busy morning erases two candidates while the job runs); an
--   empty snapshot fails.
SELECT CAST(id AS VARCHAR) AS candidate_id, 'twice' AS problem
FROM output.candidates GROUP BY id HAVING count(*) > 1
UNION ALL
SELECT CAST(id AS VARCHAR), 'not a Scoutly candidate' FROM output.candidates
WHERE id IS NULL OR CAST(id AS VARCHAR) NOT IN (SELECT id FROM state.scoutly_candidates)
UNION ALL
SELECT NULL, 'the snapshot has no candidates' WHERE (SELECT count(*) FROM output.candidates) = 0
