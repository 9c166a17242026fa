-- check: concurrency_within_cap
-- Requests started while `cap` or more matching requests to the vendor were already in flight
-- (a sweep over start/end instants; ends are moved tolerance_s earlier so a sequential client
-- whose next request follows the previous answer by microseconds never counts twice).
-- @with
r AS (
    SELECT seq, phase, started_at, ended_at, method, path
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND {{!match}}
), ev AS (
    SELECT seq, phase, started_at AS t, 1 AS d, method, path FROM r
    UNION ALL
    SELECT NULL, phase,
           greatest(coalesce(ended_at, started_at) - to_microseconds(CAST({{tolerance_s}} * 1e6 AS BIGINT)),
                    started_at + INTERVAL 1 MICROSECOND), -1, NULL, NULL
    FROM r
), run AS (
    SELECT *, sum(d) OVER (PARTITION BY phase ORDER BY t, d, seq ROWS UNBOUNDED PRECEDING) AS in_flight
    FROM ev
)
-- @evidence
SELECT count(*) FROM r
-- @violations
SELECT seq, phase, {{vendor}} AS vendor, method, path, in_flight, {{cap}} AS cap, {{rule}} AS rule
FROM run WHERE d = 1 AND in_flight > {{cap}}
