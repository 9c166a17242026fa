-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-pinned-version
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: Every request of both runs names API version 20240301 in X-Api-Version (the ticket's pin);
--   a run without a request to Crewtide fails.
WITH x AS (
    SELECT seq, phase, path, req_headers->>'$."x-api-version"' AS version
    FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'crewtide'
      AND phase IN ('scenario:run1', 'scenario:run2')
)
SELECT seq, phase, path, version FROM x WHERE version IS DISTINCT FROM '20240301'
UNION ALL
SELECT NULL, r.phase, 'no request to Crewtide in this run', NULL
FROM (VALUES ('scenario:run1'), ('scenario:run2')) r(phase)
WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = r.phase)
