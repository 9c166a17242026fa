-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-data-calls-on-rest-url
-- category: conduct
-- weight: 1
-- description: Data calls go to the restUrl of the current session (Benchline's docs: build every
--  data call from restUrl, take the new one after every login): at most 2 answers 307 per run.
--  A run that sent Benchline nothing fails (silence proves nothing).
WITH x AS (
    SELECT seq, phase, path, status FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'benchline' AND phase IN ('scenario:run1', 'scenario:run2', 'scenario:run3')
)
SELECT phase, count(*) AS redirected, min(seq) AS first_seq, 'more than 2 data calls answered 307' AS problem
FROM x WHERE status = 307 GROUP BY phase HAVING count(*) > 2
UNION ALL
SELECT p.phase, 0, NULL, 'no request to Benchline in this run'
FROM (VALUES ('scenario:run1'), ('scenario:run2'), ('scenario:run3')) p(phase)
WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = p.phase)
