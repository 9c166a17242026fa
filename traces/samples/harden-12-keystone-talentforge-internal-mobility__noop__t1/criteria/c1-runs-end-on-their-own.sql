-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-runs-end-on-their-own
-- category: resilience
-- weight: 5
-- mandatory: true
-- description: Neither nightly push is still running when the scheduler's deadline stops it
--  (a run stopped at its deadline, or with no exit recorded, is a violation).
WITH runs AS (SELECT unnest(['run1', 'run2']) AS run),
ex AS (
    SELECT name, exit_code, timed_out FROM events
    WHERE type = 'process' AND state = 'exit' AND name IN ('run1', 'run2')
)
SELECT r.run, ex.exit_code, ex.timed_out,
       CASE WHEN ex.name IS NULL THEN 'no exit recorded' ELSE 'stopped at the deadline' END AS problem
FROM runs r LEFT JOIN ex ON ex.name = r.run
WHERE ex.name IS NULL OR coalesce(ex.timed_out, FALSE)
