-- check: lookup_before_repost
-- After an ambiguous write failure (no answer, a cut answer, a 5xx), the same write (same
-- method, path and body) posted again with no lookup request to that vendor in between (a
-- lookup whose query, path or body names the record's key_field value, when set). A repost that
-- carries the same idempotency key as the failed attempt is exempt. Also a run step that stopped
-- at such a failure instead of looking the record up or retrying (_stopped.sql).
-- @with
w AS (
    SELECT seq, phase, vendor, method, path, status, client_saw, fault, fault_action, started_at,
           ended_at, coalesce(req_body, '') AS body,
           {{!key_header_expr}} AS idem_key,
           ({{!ambiguous}}) AS ambiguous
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND list_contains({{methods}}, upper(method))
), nxt AS (
    SELECT *, lead(seq) OVER x AS repost_seq, lead(started_at) OVER x AS repost_at,
           lead(idem_key) OVER x AS repost_key, lag(ambiguous) OVER x AS prev_ambiguous
    FROM w WINDOW x AS (PARTITION BY phase, method, path, body ORDER BY started_at, seq)
), triggers AS (
    -- the first ambiguous failure of a write, when it was served (an answer, or a fault the
    -- recorder injected): a repost that failed again shows the reaction already
    SELECT seq, phase, started_at, ended_at, NULL::TIMESTAMP AS wait_until
    FROM nxt
    WHERE ambiguous AND NOT coalesce(prev_ambiguous, FALSE)
      AND (status IS NOT NULL OR fault IS NOT NULL OR fault_action IS NOT NULL)
)
{{!stopped}}
, failed AS (
    SELECT *, {{!key_value_expr}} AS key_value, coalesce(ended_at, started_at) AS end_at
    FROM nxt WHERE ambiguous
), lookups AS (
    SELECT g.phase, g.started_at, g.seq, g.path, g.url, g.query, g.req_body
    FROM {{!exchanges}} g
    WHERE g.direction = 'to_vendor' AND g.vendor = {{vendor}} AND {{!scope}}
      AND list_contains({{lookup_methods}}, upper(g.method)) AND {{!lookup_path_filter}}
), first_lookup AS (
    -- the first lookup that started after the failed write ended
    SELECT f.seq AS failed_seq, g.started_at AS lookup_at
    FROM failed f ASOF JOIN lookups g ON f.phase = g.phase AND f.end_at <= g.started_at
)
-- @evidence
SELECT count(*) FROM failed
-- @violations
SELECT f.repost_seq AS seq, f.seq AS failed_seq, f.phase, {{vendor}} AS vendor, f.method, f.path,
       coalesce(CAST(f.status AS VARCHAR), f.client_saw, 'no response') AS failure,
       f.key_value AS looked_for,
       round((epoch_us(f.repost_at) - epoch_us(f.end_at)) / 1e6, 3) AS after_s
FROM failed f LEFT JOIN first_lookup fl ON fl.failed_seq = f.seq
WHERE f.repost_seq IS NOT NULL
  AND NOT (f.idem_key IS NOT NULL AND f.repost_key IS NOT DISTINCT FROM f.idem_key)
  AND {{!lookup_missing}}
-- @stopped
SELECT s.seq, s.seq AS failed_seq, s.phase, s.vendor, f.method, f.path,
       coalesce(CAST(f.status AS VARCHAR), f.client_saw, 'no response') AS failure,
       f.key_value AS looked_for, s.why
FROM stopped s JOIN failed f ON f.seq = s.seq
