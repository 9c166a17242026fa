-- check: token_mint_ceiling (also login_ceiling)
-- More successful calls to a token / login endpoint in a phase (or the whole bundle) than the
-- ceiling allows. The ceiling is raised to ceil(span / ttl) + slack when the token's TTL is known,
-- so a client that re-mints on every real expiry during a long run never trips it.
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
)
-- @evidence
SELECT count(*) FROM m
-- @violations
SELECT first_seq AS seq, last_seq, grp AS phase, {{vendor}} AS vendor, {{endpoints_text}} AS endpoints,
       mints, attempts, allowed, span_s
FROM judged WHERE mints > allowed
