-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-polling-after-switch
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: After the cutover run ends, nothing lists Placemint's placements or fees (polling
--  is over; reading one record by id or searching one by external_ref or e-mail is fine, and so
--  is a probe: a one-record first-page read without modified_since, e.g. for the clock or a
--  health check); during the cutover run the catch-up reads the placement list in one pass (one
--  successful first page; searches and probes are not passes). Guarded: a cutover that never
--  read the list fails.
WITH cut AS (
    SELECT max("at") AS ended FROM events WHERE type = 'process' AND name = 'cutover' AND state = 'exit'
), lists AS (
    SELECT seq, phase, started_at, path, status, query,
           coalesce(query->'$.offset'->>0, '0') AS off
    FROM exchanges
    WHERE direction = 'to_vendor' AND method = 'GET' AND path IN ('/v1/placements', '/v1/fees')
      -- a probe reads one record of the first page and filters nothing: it polls no changes
      AND NOT (coalesce(TRY_CAST(query->'$.limit'->>0 AS BIGINT), 25) <= 1
               AND coalesce(TRY_CAST(query->'$.offset'->>0 AS BIGINT), 0) = 0
               AND (query->'$.modified_since') IS NULL)
), walks AS (
    SELECT * FROM lists
    WHERE phase = 'scenario:cutover' AND path = '/v1/placements' AND status BETWEEN 200 AND 299
      AND TRY_CAST(off AS BIGINT) = 0
      AND (query->'$.external_ref') IS NULL AND (query->'$.candidate_email') IS NULL  -- a search is not a pass
)
SELECT seq, 'list call after the switch' AS problem, phase, path, CAST(query AS VARCHAR) AS query
FROM lists WHERE started_at > (SELECT ended FROM cut)
  -- a search names one record (a lookup, like a read by id), not a poll for changes
  AND (query->'$.external_ref') IS NULL AND (query->'$.candidate_email') IS NULL
UNION ALL
SELECT seq, 'catch-up pass number ' || CAST(row_number() OVER (ORDER BY seq) AS VARCHAR), phase, path,
       CAST(query AS VARCHAR)
FROM walks QUALIFY row_number() OVER (ORDER BY seq) > 1
UNION ALL
SELECT NULL, 'no catch-up read of the placement list in the cutover run', NULL, NULL, NULL
WHERE (SELECT count(*) FROM walks) = 0
