-- check: ietf_reset_honoured
-- After a throttled answer carrying IETF RateLimit headers (`RateLimit: "p";r=0;t=5` or
-- `RateLimit-Reset: 5`) and no Retry-After, requests sent before `t` seconds passed, and a run
-- step that stopped after such an answer instead of waiting it out (_stopped.sql).
-- @with
rl AS (
    SELECT seq, phase, vendor, method, path, status, started_at, ended_at,
           resp_headers ->> 'ratelimit' AS ratelimit,
           resp_headers ->> 'ratelimit-reset' AS ratelimit_reset,
           resp_headers ->> 'retry-after' AS retry_after
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND status IS NOT NULL
      AND (resp_headers ->> 'ratelimit' IS NOT NULL OR resp_headers ->> 'ratelimit-reset' IS NOT NULL)
), parsed AS (
    SELECT *,
           coalesce(TRY_CAST(regexp_extract(ratelimit, '(?:^|[;,\s])t=(\d+(?:\.\d+)?)', 1) AS DOUBLE),
                    TRY_CAST(trim(ratelimit_reset) AS DOUBLE)) AS t_s,
           TRY_CAST(regexp_extract(ratelimit, '(?:^|[;,\s])r=(\d+)', 1) AS BIGINT) AS remaining
    FROM rl
), throttles AS (
    SELECT seq, phase, vendor, method, path, started_at, ended_at, t_s AS wait_s,
           ended_at + to_microseconds(CAST(t_s * 1e6 AS BIGINT)) AS not_before
    FROM parsed
    WHERE t_s IS NOT NULL
      AND (list_contains({{statuses}}, status) OR ({{include_zero_remaining}} AND remaining = 0))
      AND ({{with_retry_after}} OR retry_after IS NULL)
), triggers AS (
    SELECT seq, phase, started_at, ended_at, not_before AS wait_until FROM throttles
)
{{!early}}
{{!stopped}}
-- @evidence
SELECT count(*) FROM throttles
-- @violations
SELECT e.seq, e.phase, e.vendor, e.method, e.path, e.throttle_seq, p.ratelimit, p.ratelimit_reset,
       e.waited_s, e.required_s
FROM early e JOIN parsed p ON p.seq = e.throttle_seq
-- @stopped
SELECT s.seq, s.phase, s.vendor, p.method, p.path, s.seq AS throttle_seq, p.ratelimit, p.ratelimit_reset,
       s.why
FROM stopped s JOIN parsed p ON p.seq = s.seq
