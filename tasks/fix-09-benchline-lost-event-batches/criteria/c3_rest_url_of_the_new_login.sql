-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-rest-url-of-the-new-login
-- category: resilience
-- weight: 3
-- description: After a login, data calls go to the restUrl that login answered (Benchline's
--  docs: take the new restUrl after every login; the account moves data centres). Violations
--  are data calls (/dcN/rest/... or the login host's /rest/...) to another place than the
--  latest successful login's restUrl, over runs 1-4; more than one fails. A run 3 or run 4
--  that sent Benchline no data call fails too (silence proves nothing).
WITH x AS (
    SELECT seq, phase, path, status, resp_body FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'benchline'
      AND phase IN ('scenario:run1', 'scenario:run2', 'scenario:run3', 'scenario:run4')
), logins AS (
    SELECT seq, regexp_extract(coalesce(json_extract_string(resp_body, '$.restUrl'), ''), '/(dc[0-9]+)/rest/', 1) AS dc
    FROM x WHERE path = '/rest-services/login' AND status = 200
), calls AS (
    SELECT seq, phase, path, status,
           CASE WHEN regexp_matches(path, '^/dc[0-9]+/rest/') THEN regexp_extract(path, '^/(dc[0-9]+)/rest/', 1)
                ELSE 'login host' END AS dc
    FROM x WHERE regexp_matches(path, '^/(dc[0-9]+/)?rest/')
), judged AS (
    SELECT c.*, (SELECT l.dc FROM logins l WHERE l.seq < c.seq ORDER BY l.seq DESC LIMIT 1) AS login_dc
    FROM calls c
), wrong AS (
    SELECT * FROM judged WHERE login_dc IS NOT NULL AND dc IS DISTINCT FROM login_dc
)
SELECT seq, phase, path, status, dc AS sent_to, login_dc AS rest_url_of_latest_login,
       'a data call outside the restUrl of the latest login' AS problem
FROM wrong WHERE (SELECT count(*) FROM wrong) > 1
UNION ALL
SELECT NULL, p.phase, NULL, NULL, NULL, NULL, 'no data call to Benchline in this run'
FROM (VALUES ('scenario:run3'), ('scenario:run4')) p(phase)
WHERE NOT EXISTS (SELECT 1 FROM calls c WHERE c.phase = p.phase)
