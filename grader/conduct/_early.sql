-- Shared tail of the "wait before the next request" checks (retry_after_honoured,
-- ietf_reset_honoured, enveloped_throttle_wait). Expects a CTE `throttles(seq, phase, vendor,
-- method, path, ended_at, not_before, wait_s)`.
--
-- Each request to the same vendor (or the same method+path when scope = path) in the same
-- phase is judged against the latest throttling answer that ended at or before it started: the
-- newest instruction is authoritative, so a throttle applies from its end until the next throttle
-- ends (superseded_at). The request is early when it started before that throttle's not_before
-- minus the tolerance. Requests already in flight when a throttle was answered are judged
-- against the throttle before it, if any.
--
-- Implemented as a hash join on 5-second time buckets (each throttle is expanded into the
-- buckets its effective window covers), so no sort over the phase's requests is needed.
, _t0 AS (
    SELECT *, {{!key_throttle}} AS k,
           lead(ended_at) OVER (PARTITION BY phase, {{!key_throttle}} ORDER BY ended_at, seq) AS superseded_at
    FROM throttles
), _t AS (
    SELECT *, unnest(range(CAST(epoch_us(ended_at) // 5000000 AS BIGINT),
                           CAST(epoch_us(least(not_before, coalesce(superseded_at, not_before))) // 5000000 AS BIGINT) + 1)) AS bucket
    FROM _t0
    WHERE not_before > ended_at
), _req AS (
    SELECT seq, phase, vendor, method, path, started_at, {{!key_request}} AS k,
           CAST(epoch_us(started_at) // 5000000 AS BIGINT) AS bucket
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND phase IN (SELECT DISTINCT phase FROM throttles)
), early AS (
    SELECT r.seq, r.phase, r.vendor, r.method, r.path, t.seq AS throttle_seq,
           round((epoch_us(r.started_at) - epoch_us(t.ended_at)) / 1e6, 3) AS waited_s,
           round(t.wait_s, 3) AS required_s
    FROM _req r JOIN _t t ON r.phase = t.phase AND r.k = t.k AND r.bucket = t.bucket
    WHERE t.ended_at <= r.started_at AND r.seq <> t.seq
      AND (t.superseded_at IS NULL OR r.started_at < t.superseded_at)
      AND epoch_us(r.started_at) < epoch_us(t.not_before) - CAST({{tolerance_s}} * 1e6 AS BIGINT)
)
