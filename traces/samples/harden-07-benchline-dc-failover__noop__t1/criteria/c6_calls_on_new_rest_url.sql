-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-calls-on-new-rest-url
-- category: conduct
-- weight: 1
-- description: After a new login, data calls go to that login's restUrl (Benchline's docs:
--  after any new login, send your calls to the new restUrl): a data call counts against the data
--  centre of the latest successful login before it (by seq, across runs); more than one call per
--  run to another data centre fails. A scenario without a successful login fails.
WITH calls AS (
    SELECT x.seq, x.phase, x.dc, x.status,
           (SELECT l.login_dc FROM bl_x l WHERE l.login_dc IS NOT NULL AND l.seq < x.seq ORDER BY l.seq DESC LIMIT 1) AS home
    FROM bl_x x WHERE x.dc <> ''
)
SELECT phase, count(*) AS calls, min(seq) AS first_seq, 'data calls to a previous data centre after a new login' AS problem
FROM calls WHERE home IS NOT NULL AND dc <> home GROUP BY phase HAVING count(*) > 1
UNION ALL
SELECT NULL, 0, NULL, 'no successful login in the scenario'
WHERE NOT EXISTS (SELECT 1 FROM bl_x WHERE login_dc IS NOT NULL)
