-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-pinned-version
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: Every request to Crewtide in the five cycles names API version 20240301 (the
--  ticket's pin). Guarded: a cycle without a request to Crewtide fails.
WITH x AS (
    SELECT seq, phase, method, path, req_headers->>'$."x-api-version"' AS version
    FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'crewtide'
      AND phase IN ('scenario:run1', 'scenario:run2', 'scenario:run3', 'scenario:run4', 'scenario:run5')
)
SELECT seq, phase, method, path, version FROM x WHERE version IS DISTINCT FROM '20240301'
UNION ALL
SELECT NULL, r.phase, NULL, 'no request to Crewtide in this cycle', NULL
FROM (VALUES ('scenario:run1'), ('scenario:run2'), ('scenario:run3'), ('scenario:run4'), ('scenario:run5')) r(phase)
WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = r.phase)
