-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-pinned-version
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: Every Crewtide request of the runs names an API version, and the same one throughout
--   (a pinned version, whichever the connector chose). Fails without a Crewtide request.
WITH x AS (
    SELECT seq, phase, path, req_headers->>'$."x-api-version"' AS version
    FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'crewtide' AND phase LIKE 'scenario:run%'
)
SELECT seq, phase, path, version FROM x WHERE version IS NULL
UNION ALL
SELECT NULL, NULL, 'versions used: ' || string_agg(DISTINCT version, ', '), NULL FROM x
HAVING count(DISTINCT version) > 1
UNION ALL
SELECT NULL, NULL, 'no request to Crewtide', NULL WHERE NOT EXISTS (SELECT 1 FROM x)
