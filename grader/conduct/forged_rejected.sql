-- check: forged_rejected
-- Forged webhook deliveries that must be rejected and were answered 2xx by the integration's
-- receiver: kinds that no correct receiver accepts (bad signature, tampered body, stale
-- timestamp, revoked key, re-signed stale replay) and replays arriving later than the vendor's
-- signature tolerance after the genuine delivery (by event id, else by the signed timestamp).
-- A must-reject delivery the receiver never answered (it was down: the recorder got no response
-- from it, e.g. the proxy's 502 when the connection was refused) is no rejection either, unless
-- the receiver answered a later delivery of the same session: a receiver that died at the
-- forgery, or never ran, must not earn this check by answering nothing.
-- @with
f AS (
    SELECT seq, phase, vendor, forged, status, started_at, coalesce(ended_at, started_at) AS ended_at,
           -- the receiver's own answer: the recorder reached it (a fault the recorder injected on
           -- the delivery is the recorder's doing, not the receiver's)
           coalesce(upstream_called, status IS NOT NULL) OR fault IS NOT NULL AS answered,
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
), serve AS (
    -- the receiver's sessions: each `serve` start and the exit that ended it (at the stop step,
    -- or at once when it could not start; ibench/engine.py start_serve / stop_serve)
    SELECT s."at" AS start_at, min(e."at") AS exit_at, arg_min(e.exit_code, e."at") AS exit_code
    FROM {{!events}} s LEFT JOIN {{!events}} e
      ON e.type = 'process' AND e.name = 'serve' AND e.state = 'exit' AND e."at" >= s."at"
    WHERE s.type = 'process' AND s.name = 'serve' AND s.state = 'start'
    GROUP BY s."at"
), unanswered AS (
    SELECT u.*, sv.exit_at, sv.exit_code
    FROM must u
    ASOF LEFT JOIN serve sv ON u.started_at >= sv.start_at
    WHERE u.why IS NOT NULL AND NOT u.answered
), stopped AS (
    SELECT u.seq, u.phase, u.vendor, u.forged AS kind, u.status, u.event_id,
           CASE WHEN u.exit_at IS NOT NULL AND u.exit_at <= u.started_at
                  THEN 'the receiver was not running: it had exited ' || coalesce(CAST(u.exit_code AS VARCHAR), '?')
                ELSE 'the receiver stopped after it: it answered neither this delivery nor any later one' END AS why
    FROM unanswered u
    WHERE (u.exit_at IS NOT NULL AND u.exit_at <= u.started_at)
       OR NOT EXISTS (SELECT 1 FROM {{!exchanges}} d
                      WHERE d.direction = 'to_receiver' AND d.started_at >= u.ended_at
                        AND (u.exit_at IS NULL OR d.started_at < u.exit_at)
                        AND coalesce(d.upstream_called, d.status IS NOT NULL))
)
-- @evidence
SELECT count(*) FROM must WHERE why IS NOT NULL
-- @violations
SELECT seq, phase, vendor, forged AS kind, why, status, event_id
FROM must WHERE why IS NOT NULL AND status BETWEEN 200 AND 299
-- @stopped
SELECT seq, phase, vendor, kind, why, status, event_id FROM stopped
