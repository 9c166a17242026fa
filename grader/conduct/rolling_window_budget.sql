-- check: rolling_window_budget (also failing_request_window)
-- Requests (all sent, including refused ones; or only failing ones) counted over a sliding
-- window of window_s seconds ending at each request: every request that brings the count above
-- `max` is a violation.
-- @with
r AS (
    SELECT seq, phase, started_at, method, path, status
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND {{!match}}
      AND {{!counted}}
), c AS (
    SELECT *, count(*) OVER (PARTITION BY phase ORDER BY started_at
                             RANGE BETWEEN {{!window}} PRECEDING AND CURRENT ROW) AS in_window
    FROM r
)
-- @evidence
SELECT count(*) FROM r
-- @violations
SELECT seq, phase, {{vendor}} AS vendor, method, path, status, in_window, {{max}} AS max,
       {{window_s}} AS window_s, {{rule}} AS rule
FROM c WHERE in_window > {{max}}
