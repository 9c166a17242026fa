-- check: idempotent_write_retry
-- After an ambiguous failure of a write the vendor makes idempotent with a key (no answer, a
-- cut answer, or a 5xx), the same write (same method, path and body) repeated blind: without the
-- key, with a different key, or when the first attempt carried no key at all — and with no lookup
-- (a read of the vendor: lookup_methods on lookup_path) between the failure and the repeat, which
-- would have told the client whether the first attempt took effect. Also a run step that stopped
-- at such a failure instead of retrying or checking it (_stopped.sql).
-- @with
w AS (
    SELECT seq, phase, vendor, method, path, status, client_saw, fault, fault_action, started_at,
           ended_at, req_headers ->> {{header}} AS idem_key,
           coalesce(req_body, '') AS body,
           ({{!ambiguous}}) AS ambiguous
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND list_contains({{methods}}, upper(method))
), nxt AS (
    SELECT *, lead(seq) OVER x AS retry_seq, lead(idem_key) OVER x AS retry_key,
           lead(started_at) OVER x AS retry_at, lag(ambiguous) OVER x AS prev_ambiguous
    FROM w WINDOW x AS (PARTITION BY phase, method, path, body ORDER BY started_at, seq)
), triggers AS (
    -- the first ambiguous failure of a write, when it was served (an answer, or a fault the
    -- recorder injected): a retry that failed again shows the reaction already, and giving up
    -- after a retry budget is a correct design
    SELECT seq, phase, started_at, ended_at, NULL::TIMESTAMP AS wait_until
    FROM nxt
    WHERE ambiguous AND NOT coalesce(prev_ambiguous, FALSE)
      AND (status IS NOT NULL OR fault IS NOT NULL OR fault_action IS NOT NULL)
)
{{!stopped}}
, lookups AS (
    SELECT g.phase, g.started_at FROM {{!exchanges}} g
    WHERE g.direction = 'to_vendor' AND g.vendor = {{vendor}} AND {{!scope}}
      AND list_contains({{lookup_methods}}, upper(g.method)) AND {{!lookup_path_filter}}
), first_lookup AS (
    -- the first lookup that started after the failed write ended
    SELECT n.seq AS failed_seq, g.started_at AS lookup_at
    FROM (SELECT seq, phase, coalesce(ended_at, started_at) AS end_at FROM nxt WHERE ambiguous) n
    ASOF JOIN lookups g ON n.phase = g.phase AND n.end_at <= g.started_at
)
-- @evidence
SELECT count(*) FROM w WHERE ambiguous
-- @violations
SELECT retry_seq AS seq, seq AS failed_seq, phase, {{vendor}} AS vendor, method, path,
       coalesce(CAST(status AS VARCHAR), client_saw, 'no response') AS failure,
       idem_key AS first_key, retry_key,
       CASE WHEN idem_key IS NULL AND retry_key IS NULL THEN 'blind retry: no ' || {{header}} || ' on either attempt'
            WHEN idem_key IS NULL THEN 'the failed write carried no ' || {{header}}
            WHEN retry_key IS NULL THEN 'retry without ' || {{header}}
            ELSE 'key changed on retry' END AS problem
FROM nxt LEFT JOIN first_lookup fl ON fl.failed_seq = nxt.seq
WHERE ambiguous AND retry_seq IS NOT NULL
  AND (idem_key IS NULL OR retry_key IS NULL OR retry_key <> idem_key)
  AND NOT coalesce(fl.lookup_at < retry_at, FALSE)
-- @stopped
SELECT s.seq, s.seq AS failed_seq, s.phase, s.vendor, n.method, n.path,
       coalesce(CAST(n.status AS VARCHAR), n.client_saw, 'no response') AS failure,
       n.idem_key AS first_key, s.why AS problem
FROM stopped s JOIN nxt n ON n.seq = s.seq
