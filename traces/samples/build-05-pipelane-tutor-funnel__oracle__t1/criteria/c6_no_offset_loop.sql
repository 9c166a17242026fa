-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-no-offset-loop
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: No run asks for the same page of a list (same path, same query, same offset token) more than
--   twice: a walk that does not advance is a loop. Answers of 429 or 5xx and requests without an answer
--   are retries and not counted. A run that pages no list (no request carries an offset) fails: every
--   tutor list is longer than one page.
WITH x AS (
    SELECT phase, path, CAST(query AS VARCHAR) AS q, json_extract_string(query, '$.offset[0]') AS token, status
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'pipelane' AND phase IN ('scenario:run1', 'scenario:run2')
), runs(phase) AS (VALUES ('scenario:run1'), ('scenario:run2'))
SELECT phase, path, token, count(*) AS times
FROM x
WHERE token IS NOT NULL AND status IS NOT NULL AND status <> 429 AND status < 500
GROUP BY phase, path, q, token
HAVING count(*) > 2
UNION ALL
SELECT r.phase, NULL, 'no request carried an offset', 0
FROM runs r WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = r.phase AND x.token IS NOT NULL)
