-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-cycles-read-what-moved
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: ClearCheck's plan counts every check record it hands out (the ticket's rule 7):
--  a cycle reads the checks that moved since the previous run began, and at most 10 checks
--  that had not. For each cycle (run2, run3, run4) counts the check records in ClearCheck's
--  successful GET answers under /v1/checks (each check of a list page, a check read by id)
--  whose updated_at is before the previous run began on ClearCheck's clock (run1 at
--  2026-03-02T09:00Z, run2 at 03-05T09:00Z, run3 at 03-17T09:00Z: the reset instant plus the
--  clock steps; a run takes seconds). A poll by updated_since on ClearCheck's clock (with an
--  overlap of up to a day), checks re-read by id after a webhook or for those still open, or a
--  look-up by external_id before an order all pass; re-reading the account's checks fails
--  run3 (32 of run1's checks, finished by 03-03) and run4 (35). Fails too when run3, where
--  every correct design orders the in-flight checks that crossed their 14 days, made no
--  successful request to ClearCheck (silence earns nothing).
WITH runs(phase, previous_start) AS (
    VALUES ('scenario:run2', TIMESTAMP '2026-03-02 09:00:00'),
           ('scenario:run3', TIMESTAMP '2026-03-05 09:00:00'),
           ('scenario:run4', TIMESTAMP '2026-03-17 09:00:00')
), served AS (
    SELECT x.phase, x.seq,
           CASE WHEN json_type(TRY_CAST(x.resp_body AS JSON), '$.data') = 'ARRAY'
                  THEN json_extract_string(TRY_CAST(x.resp_body AS JSON), '$.data[*].updated_at')
                WHEN json_extract_string(TRY_CAST(x.resp_body AS JSON), '$.object') = 'check'
                  THEN [json_extract_string(TRY_CAST(x.resp_body AS JSON), '$.updated_at')]
                ELSE CAST([] AS VARCHAR[]) END AS stamps
    FROM exchanges x
    WHERE x.direction = 'to_vendor' AND x.vendor = 'clearcheck' AND x.method = 'GET'
      AND x.status BETWEEN 200 AND 299
      AND regexp_full_match(x.path, '/v1/checks(/[^/]+)?')
      AND x.phase IN (SELECT phase FROM runs)
), stale AS (
    SELECT s.phase, count(*) AS unchanged_checks_read
    FROM served s JOIN runs r ON r.phase = s.phase, unnest(s.stamps) AS u(stamp)
    WHERE try_cast(replace(u.stamp, 'Z', '') AS TIMESTAMP) < r.previous_start
    GROUP BY s.phase
)
SELECT phase, unchanged_checks_read,
       'read more than 10 checks that had not moved since the previous run began' AS problem
FROM stale WHERE unchanged_checks_read > 10
UNION ALL
SELECT 'scenario:run3', NULL, 'run3 made no successful request to ClearCheck'
WHERE NOT EXISTS (
    SELECT 1 FROM exchanges e
    WHERE e.direction = 'to_vendor' AND e.vendor = 'clearcheck' AND e.phase = 'scenario:run3'
      AND e.status BETWEEN 200 AND 299)
