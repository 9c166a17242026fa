-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-session-ceiling
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: The API user is never locked: no login answered 403 max_sessions, and no run sends
--  more than 3 login requests (the ticket: a fourth session at once locks the user; Benchline's
--  docs: sessions end only by expiring, reuse one until it answers 401). A scenario without a
--  single login fails (silence proves nothing).
SELECT seq, phase, 'login refused: max_sessions' AS problem
FROM bl_x
WHERE path = '/rest-services/login' AND (status = 403 OR coalesce(resp_body, '') LIKE '%max_sessions%')
UNION ALL
SELECT min(seq), phase, count(*) || ' login requests in one run'
FROM bl_x WHERE path = '/rest-services/login' GROUP BY phase HAVING count(*) > 3
UNION ALL
SELECT NULL, NULL, 'no login in the scenario'
WHERE NOT EXISTS (SELECT 1 FROM bl_x WHERE path = '/rest-services/login')
