-- check: token_mint_ceiling (also login_ceiling)
-- More successful calls to a token / login endpoint in a phase (or the whole bundle) than the
-- ceiling allows. The ceiling is raised to ceil(span / ttl) + slack when the token's TTL is known,
-- so a client that re-mints on every real expiry during a long run never trips it. Also a run
-- step that stopped at an expired token (a 401 from the vendor's API) instead of minting a new
-- one and going on (_stopped.sql): such a run mints little, which is no merit.
-- @with
m AS (
    SELECT seq, {{!group_expr}} AS grp, status
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
           min(seq) AS first_seq, max(seq) AS last_seq
    FROM m GROUP BY grp
), judged AS (
    SELECT c.*, round(s.span_s, 3) AS span_s,
           greatest(coalesce({{ceiling}}, 0),
                    CASE WHEN {{ttl_s}} IS NULL OR {{ttl_s}} <= 0 THEN 0
                         ELSE CAST(ceil(s.span_s / {{ttl_s}}) AS BIGINT) + {{slack}} END) AS allowed
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
       mints, attempts, allowed, span_s
FROM judged WHERE mints > allowed
-- @stopped
SELECT s.seq, s.phase, s.vendor, {{endpoints_text}} AS endpoints, 'a 401 on ' || t.path AS trigger, s.why
FROM stopped s JOIN triggers t ON t.seq = s.seq
