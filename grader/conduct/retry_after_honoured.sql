-- check: retry_after_honoured
-- Requests sent sooner than a served Retry-After allowed (seconds or HTTP-date), and a run step
-- that stopped after a Retry-After instead of waiting it out (_stopped.sql).
-- @with
ra AS (
    SELECT seq, phase, vendor, method, path, status, started_at, ended_at,
           trim(resp_headers ->> 'retry-after') AS retry_after,
           trim(resp_headers ->> 'date') AS date_hdr
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND status IS NOT NULL AND {{!status_filter}}
      AND resp_headers ->> 'retry-after' IS NOT NULL
), waits AS (
    SELECT *,
           TRY_CAST(retry_after AS DOUBLE) AS ra_s,
           try_strptime(retry_after, '%a, %d %b %Y %H:%M:%S GMT') AS ra_date,
           try_strptime(date_hdr, '%a, %d %b %Y %H:%M:%S GMT') AS date_at
    FROM ra
), throttles AS (
    -- seconds: wait from the moment the response ended. HTTP-date: the date is on the server's
    -- clock; translate it with the response's Date header when present, and allow the header's
    -- one-second resolution.
    SELECT seq, phase, vendor, method, path, started_at, ended_at,
           CASE WHEN ra_s IS NOT NULL THEN greatest(ra_s, 0)
                ELSE greatest((epoch_us(ra_date) - epoch_us(coalesce(date_at, ended_at))) / 1e6, 0)
           END AS wait_s,
           CASE WHEN ra_s IS NOT NULL
                  THEN ended_at + to_microseconds(CAST(greatest(ra_s, 0) * 1e6 AS BIGINT))
                WHEN date_at IS NOT NULL
                  THEN ra_date + (ended_at - date_at) - INTERVAL 1 SECOND
                ELSE ra_date
           END AS not_before
    FROM waits
    WHERE ra_s IS NOT NULL OR ra_date IS NOT NULL
), triggers AS (
    SELECT seq, phase, started_at, ended_at, not_before AS wait_until FROM throttles
)
{{!early}}
{{!stopped}}
-- @evidence
SELECT count(*) FROM throttles
-- @violations
SELECT e.seq, e.phase, e.vendor, e.method, e.path, e.throttle_seq, t.retry_after,
       e.waited_s, e.required_s
FROM early e JOIN ra t ON t.seq = e.throttle_seq
-- @stopped
SELECT s.seq, s.phase, s.vendor, t.method, t.path, s.seq AS throttle_seq, t.retry_after, s.why
FROM stopped s JOIN ra t ON t.seq = s.seq
