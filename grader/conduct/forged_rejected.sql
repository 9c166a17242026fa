-- check: forged_rejected
-- Forged webhook deliveries that must be rejected and were answered 2xx by the integration's
-- receiver: kinds that no correct receiver accepts (bad signature, tampered body, stale
-- timestamp, revoked key, re-signed stale replay) and replays arriving later than the vendor's
-- signature tolerance after the genuine delivery (by event id, else by the signed timestamp).
-- @with
f AS (
    SELECT seq, phase, vendor, forged, status, started_at,
           {{!id_expr}} AS event_id, {{!ts_expr}} AS signed_ts
    FROM {{!exchanges}}
    WHERE direction = 'to_receiver' AND vendor = {{vendor}} AND {{!scope}} AND forged IS NOT NULL
), g AS (
    -- the first genuine delivery of each event in any phase of the source, not only in the
    -- scope (a replay may come steps after the delivery it copies). The source is the scenario
    -- by default, so the agent phase's deliveries of the same seeded events, which recur in the
    -- scenario, are not taken for it (grader/phases.py)
    SELECT {{!id_expr}} AS event_id, min(started_at) AS first_genuine
    FROM {{!exchanges}}
    WHERE direction = 'to_receiver' AND vendor = {{vendor}} AND forged IS NULL
    GROUP BY 1
), must AS (
    SELECT f.*, g.first_genuine,
           CASE WHEN list_contains({{kinds}}, f.forged) THEN 'must always be rejected'
                WHEN list_contains({{late_kinds}}, f.forged) AND g.first_genuine IS NOT NULL
                     AND (epoch_us(f.started_at) - epoch_us(g.first_genuine)) / 1e6 > {{tolerance_s}}
                  THEN 'replayed after the tolerance window'
                WHEN list_contains({{late_kinds}}, f.forged) AND g.first_genuine IS NULL
                     AND f.signed_ts IS NOT NULL
                     AND epoch_us(f.started_at) / 1e6 - f.signed_ts > {{tolerance_s}}
                  THEN 'signed timestamp older than the tolerance'
           END AS why
    FROM f LEFT JOIN g ON g.event_id = f.event_id
)
-- @evidence
SELECT count(*) FROM must WHERE why IS NOT NULL
-- @violations
SELECT seq, phase, vendor, forged AS kind, why, status, event_id
FROM must WHERE why IS NOT NULL AND status BETWEEN 200 AND 299
