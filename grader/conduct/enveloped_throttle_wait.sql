-- check: enveloped_throttle_wait
-- A throttle reported inside a 2xx body (e.g. Quarry's {success:false, errorInfo:{code:
-- "rate_limit_exceeded", retryAfterSeconds: 4}}): requests sent before retryAfterSeconds passed,
-- and a run step that stopped after such a throttle instead of waiting it out (_stopped.sql).
-- @with
env AS (
    SELECT seq, phase, vendor, method, path, status, started_at, ended_at, resp_body
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND status BETWEEN 200 AND 299
      AND {{!body_prefilter}}
), parsed AS (
    SELECT *, TRY_CAST({{!wait_expr}} AS DOUBLE) AS wait_s
    FROM (SELECT *, CASE WHEN json_valid(resp_body) THEN resp_body::JSON END AS body FROM env)
), throttles AS (
    SELECT seq, phase, vendor, method, path, started_at, ended_at, wait_s,
           ended_at + to_microseconds(CAST(wait_s * 1e6 AS BIGINT)) AS not_before
    FROM parsed WHERE wait_s IS NOT NULL AND wait_s >= 0
), triggers AS (
    SELECT seq, phase, started_at, ended_at, not_before AS wait_until FROM throttles
)
{{!early}}
{{!stopped}}
-- @evidence
SELECT count(*) FROM throttles
-- @violations
SELECT seq, phase, vendor, method, path, throttle_seq, waited_s, required_s FROM early
-- @stopped
SELECT s.seq, s.phase, s.vendor, t.method, t.path, s.seq AS throttle_seq, round(t.wait_s, 3) AS required_s, s.why
FROM stopped s JOIN throttles t ON t.seq = s.seq
