-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-advance-log
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM ak_expect
-- description: Each run's advance_log.csv has exactly one line per distinct application id of its votes
--   file with the ticket's outcome (first that applies: unknown, not_eligible, already_there, moved),
--   judged on HireHarbor as the run found it, and as HR left it when they moved one while the run
--   worked (already_there).
-- The answer key (ak_*) is in _answer_key.sql.
WITH got AS (
    SELECT 'run1' AS run, TRY_CAST(trim(CAST(application_id AS VARCHAR)) AS BIGINT) AS application_id,
           lower(trim(CAST(outcome AS VARCHAR))) AS outcome
    FROM cp_cp1.output_advance_log
    UNION ALL
    SELECT 'run2', TRY_CAST(trim(CAST(application_id AS VARCHAR)) AS BIGINT),
           lower(trim(CAST(outcome AS VARCHAR)))
    FROM output.advance_log
)
SELECT e.run, e.application_id, e.outcome AS expected_outcome, g.outcome AS reported_outcome
FROM ak_expect e LEFT JOIN got g ON g.run = e.run AND g.application_id = e.application_id
WHERE g.outcome IS DISTINCT FROM e.outcome
UNION ALL
SELECT g.run, g.application_id, 'not in the votes file, or reported twice', NULL
FROM got g GROUP BY g.run, g.application_id
HAVING g.application_id IS NULL OR count(*) > 1
    OR g.application_id NOT IN (SELECT e.application_id FROM ak_expect e WHERE e.run = g.run)
