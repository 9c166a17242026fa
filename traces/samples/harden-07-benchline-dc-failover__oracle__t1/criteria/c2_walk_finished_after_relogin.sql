-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-walk-finished-after-relogin
-- category: resilience
-- weight: 1
-- mandatory: true
-- description: The first run's load, cut by the failover (a 401 on a data call after the session
--  had worked), goes on after a new login: a successful login follows the 401, a data call
--  answered 200 follows that login, and the run exits 0. The roster's content is c1's. A first
--  run that met no such 401 (it sent nothing, or never got that far) fails.
WITH cut AS (
    SELECT min(x.seq) AS seq FROM bl_x x
    WHERE x.phase = 'scenario:run1' AND x.status = 401 AND x.dc <> ''
      AND EXISTS (SELECT 1 FROM bl_x y WHERE y.phase = x.phase AND y.seq < x.seq AND y.dc <> '' AND y.status = 200)
), relogin AS (
    SELECT min(x.seq) AS seq FROM bl_x x, cut
    WHERE x.phase = 'scenario:run1' AND x.login_dc IS NOT NULL AND x.seq > cut.seq
), resumed AS (
    SELECT min(x.seq) AS seq FROM bl_x x, relogin
    WHERE x.phase = 'scenario:run1' AND x.dc <> '' AND x.status = 200 AND x.seq > relogin.seq
), run1 AS (
    SELECT TRY_CAST(result->>'$.exit_code' AS INTEGER) AS exit_code FROM events WHERE type = 'step' AND step = 'run1'
)
SELECT 'run 1 met no 401 after a working session (the failover never reached it)' AS problem
WHERE (SELECT seq FROM cut) IS NULL
UNION ALL
SELECT 'no successful login after the 401' WHERE (SELECT seq FROM cut) IS NOT NULL AND (SELECT seq FROM relogin) IS NULL
UNION ALL
SELECT 'no data call answered 200 after the new login'
WHERE (SELECT seq FROM relogin) IS NOT NULL AND (SELECT seq FROM resumed) IS NULL
UNION ALL
SELECT 'run 1 exited ' || coalesce(CAST(exit_code AS VARCHAR), 'without an exit code') FROM run1
WHERE exit_code IS DISTINCT FROM 0
