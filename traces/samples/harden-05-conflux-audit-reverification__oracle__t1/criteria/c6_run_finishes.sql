-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-run-finishes
-- category: resilience
-- weight: 1
-- mandatory: false
-- description: The audit run exits 0 within its time limit (a crash, a non-zero exit or a run
--  stopped at the deadline is a violation; a run with no exit record too). Weight 1: the starter
--  passes it (a regression guard).
WITH ex AS (
    SELECT name, exit_code, timed_out FROM events
    WHERE type = 'process' AND state = 'exit' AND name = 'run1'
)
SELECT 'run1' AS run, ex.exit_code, ex.timed_out,
       CASE WHEN ex.name IS NULL THEN 'no exit recorded'
            WHEN coalesce(ex.timed_out, FALSE) THEN 'overran the deadline'
            ELSE 'exited non-zero' END AS problem
FROM (SELECT 1) one LEFT JOIN ex ON TRUE
WHERE ex.name IS NULL OR coalesce(ex.timed_out, FALSE) OR coalesce(ex.exit_code, -1) <> 0
