-- check: no_full_resync
-- In a phase that must be incremental, a list call to a freshness endpoint that carries no
-- freshness parameter (and is not a continuation page carrying a cursor). Calls after the
-- vendor said a full resync is due (e.g. sync_token_expired) are exempt for the rest of the phase.
-- @with
l AS (
    SELECT seq, phase, method, path, query, started_at,
           -- a key test on the JSON text: `"name"` followed by a colon is a key (inside a
           -- string value the quotes would be escaped)
           regexp_matches(coalesce(CAST(query AS VARCHAR), ''), {{fresh_re}})
             OR ({{rpc}} AND regexp_matches(coalesce(req_body, ''), {{fresh_re}})) AS has_fresh,
           regexp_matches(coalesce(CAST(query AS VARCHAR), ''), {{continuation_re}})
             OR ({{rpc}} AND regexp_matches(coalesce(req_body, ''), {{continuation_re}})) AS continuation
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND upper(method) = {{list_method}} AND {{!endpoint_match}}
), first_phase AS (
    SELECT phase FROM l ORDER BY seq LIMIT 1
), in_scope AS (
    SELECT * FROM l WHERE {{explicit_phases}} OR phase <> (SELECT phase FROM first_phase)
), exempt AS (
    SELECT phase, min(ended_at) AS from_t
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND {{!exempt_marker}}
    GROUP BY phase
)
-- @evidence
SELECT count(*) FROM in_scope
-- @violations
SELECT i.seq, i.phase, {{vendor}} AS vendor, i.method, i.path, CAST(i.query AS VARCHAR) AS query
FROM in_scope i LEFT JOIN exempt e USING (phase)
WHERE NOT i.has_fresh AND NOT i.continuation AND (e.from_t IS NULL OR i.started_at < e.from_t)
