-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-catch-up-from-watermark
-- category: conduct
-- weight: 2
-- description: The cutover's catch-up starts from the poller's handed-over watermark
--  (2026-03-02T09:15:00+01:00 in poller.json, i.e. 08:15:00Z), not from the beginning: every
--  successful read of the placement list in the cutover run carries modified_since no earlier
--  than the watermark minus an hour of safety overlap. A search (by external_ref or e-mail) and a
--  probe (a one-record first-page read, e.g. for the clock) walk nothing and are not judged.
--  Guarded: no read at all fails.
WITH reads AS (
    SELECT seq, query, query->'$.modified_since'->>0 AS since
    FROM exchanges
    WHERE direction = 'to_vendor' AND method = 'GET' AND path = '/v1/placements'
      AND phase = 'scenario:cutover' AND status BETWEEN 200 AND 299
      AND (query->'$.external_ref') IS NULL AND (query->'$.candidate_email') IS NULL
      AND NOT (coalesce(TRY_CAST(query->'$.limit'->>0 AS BIGINT), 25) <= 1
               AND coalesce(TRY_CAST(query->'$.offset'->>0 AS BIGINT), 0) = 0
               AND (query->'$.modified_since') IS NULL)
)
SELECT seq, 'placement list read without modified_since (a full re-walk)' AS problem, CAST(query AS VARCHAR) AS query
FROM reads WHERE since IS NULL
UNION ALL
SELECT seq, 'catch-up starts more than an hour before the watermark', CAST(query AS VARCHAR)
FROM reads
WHERE since IS NOT NULL
  AND coalesce(TRY_CAST(since AS TIMESTAMPTZ), TIMESTAMPTZ '1970-01-01 00:00:00+00')
      < TIMESTAMPTZ '2026-03-02 07:15:00+00'
UNION ALL
SELECT NULL, 'no catch-up read of the placement list in the cutover run', NULL
WHERE (SELECT count(*) FROM reads) = 0
