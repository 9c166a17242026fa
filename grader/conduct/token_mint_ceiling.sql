-- check: token_mint_ceiling (also login_ceiling)
-- More successful calls to a token / login endpoint in a phase (or the whole bundle) than a
-- client that reuses each token while it is valid makes. With the token's lifetime known (the
-- task's ttl_s, else the shortest expires_in the mint answers served, else the traits' ttl_s), such
-- a client mints once at the start and again each time a token is close to expiry: it may
-- refresh as early as refresh_margin (a fraction) of the lifetime before expiry, so it needs at
-- most 1 + ceil(span / (ttl × (1 − refresh_margin))) + slack tokens over the phase's span (first
-- to last request to the vendor); the ceiling is that or the base `ceiling`, whichever is larger.
-- Also a run step that stopped at an expired token (a 401 from the vendor's API) instead of
-- minting a new one and going on (_stopped.sql): such a run mints little, which is no merit.
-- @with
m AS (
    SELECT seq, {{!group_expr}} AS grp, status,
           -- the lifetime the answer gave the token (OAuth `expires_in`, seconds)
           CASE WHEN {{served_ttl}} AND status BETWEEN 200 AND 299 AND json_valid(resp_body)
                THEN TRY_CAST(json_extract_string(resp_body, '$.expires_in') AS DOUBLE) END AS expires_in
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND {{!endpoint_match}}
), span AS (
    SELECT {{!group_expr}} AS grp,
           (epoch_us(max(coalesce(ended_at, started_at))) - epoch_us(min(started_at))) / 1e6 AS span_s
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND {{!group_expr}} IN (SELECT grp FROM m)
    GROUP BY 1
), c AS (
    SELECT grp, count(*) FILTER (WHERE {{!counted}}) AS mints, count(*) AS attempts,
           min(seq) AS first_seq, max(seq) AS last_seq,
           coalesce(min(expires_in) FILTER (WHERE expires_in > 0), {{ttl_s}}) AS ttl_s
    FROM m GROUP BY grp
), judged AS (
    SELECT c.*, round(s.span_s, 3) AS span_s,
           greatest(coalesce({{ceiling}}, 0),
                    CASE WHEN c.ttl_s IS NULL OR c.ttl_s <= 0 THEN 0
                         ELSE 1 + CAST(ceil(s.span_s / (c.ttl_s * (1 - {{refresh_margin}}))) AS BIGINT)
                              + {{slack}} END) AS allowed
    FROM c JOIN span s USING (grp)
), api AS (
    SELECT seq, phase, path, started_at, ended_at, status
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND NOT {{!endpoint_match}}
), triggers AS (
    -- an expiry: a 401 on an API call right after one that succeeded (the token had worked). A
    -- 401 right after a mint says the credentials are refused, where stopping may be correct.
    SELECT x.seq, x.phase, x.path, x.started_at, x.ended_at, NULL::TIMESTAMP AS wait_until
    FROM (SELECT * FROM api WHERE status = 401) x
    ASOF JOIN (SELECT phase, started_at, status, {{!endpoint_match}} AS minted FROM {{!exchanges}}
               WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}) p
      ON p.phase = x.phase AND x.started_at > p.started_at
    WHERE p.status BETWEEN 200 AND 299 AND NOT p.minted
)
{{!stopped}}
-- @evidence
SELECT count(*) FROM m
-- @violations
SELECT first_seq AS seq, last_seq, grp AS phase, {{vendor}} AS vendor, {{endpoints_text}} AS endpoints,
       mints, attempts, allowed, span_s, ttl_s
FROM judged WHERE mints > allowed
-- @stopped
SELECT s.seq, s.phase, s.vendor, {{endpoints_text}} AS endpoints, 'a 401 on ' || t.path AS trigger, s.why
FROM stopped s JOIN triggers t ON t.seq = s.seq
