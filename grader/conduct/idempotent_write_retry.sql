-- check: idempotent_write_retry
-- After an ambiguous failure of a write the vendor makes idempotent with a key (no answer, a
-- cut answer, or a 5xx), the same write (same method, path and body) repeated without the key,
-- with a different key, or when the first attempt carried no key at all.
-- @with
w AS (
    SELECT seq, phase, vendor, method, path, status, client_saw, fault, fault_action, started_at,
           req_headers ->> {{header}} AS idem_key,
           coalesce(req_body, '') AS body,
           ({{!ambiguous}}) AS ambiguous
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND list_contains({{methods}}, upper(method))
), nxt AS (
    SELECT *, lead(seq) OVER x AS retry_seq, lead(idem_key) OVER x AS retry_key
    FROM w WINDOW x AS (PARTITION BY phase, method, path, body ORDER BY started_at, seq)
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
FROM nxt
WHERE ambiguous AND retry_seq IS NOT NULL
  AND (idem_key IS NULL OR retry_key IS NULL OR retry_key <> idem_key)
