-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-runs-finish
-- category: resilience
-- weight: 1
-- mandatory: false
-- description: Both nightly runs exit 0 within their five minutes (a run that exited non-zero,
--  was stopped at the deadline or has no exit record is a violation).
WITH runs AS (SELECT unnest(['run1', 'run2']) AS run),
ex AS (
    SELECT name, exit_code, timed_out FROM events
    WHERE type = 'process' AND state = 'exit' AND name IN ('run1', 'run2')
)
SELECT r.run, ex.exit_code, ex.timed_out,
       CASE WHEN ex.name IS NULL THEN 'no exit recorded'
            WHEN coalesce(ex.timed_out, FALSE) THEN 'overran the deadline'
            ELSE 'exited non-zero' END AS problem
FROM runs r LEFT JOIN ex ON ex.name = r.run
WHERE ex.name IS NULL OR coalesce(ex.timed_out, FALSE) OR coalesce(ex.exit_code, -1) <> 0
