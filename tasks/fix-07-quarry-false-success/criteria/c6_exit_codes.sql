-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-exit-codes
-- category: resilience
-- weight: 1
-- description: The run whose walk could not complete (run 3) exited non-zero; the others,
--   run 2's transient hiccup included, exited 0.
WITH runs AS (
    SELECT step, TRY_CAST(json_extract_string(result, '$.exit_code') AS INTEGER) AS exit_code
    FROM events WHERE type = 'step' AND kind = 'run'
)
SELECT step, exit_code, 'exited 0 although its walk could not complete' AS why FROM runs
WHERE step = 'run3' AND exit_code IS NOT DISTINCT FROM 0
UNION ALL
SELECT step, exit_code, 'did not exit 0' FROM runs WHERE step <> 'run3' AND exit_code IS DISTINCT FROM 0
UNION ALL
SELECT 'run3', NULL, 'run3 did not run' WHERE NOT EXISTS (SELECT 1 FROM runs WHERE step = 'run3')
