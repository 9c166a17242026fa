-- check: no_full_resync
-- In a phase that must be incremental, a walk of a freshness endpoint without the freshness
-- filter: an unfiltered list call that reads past the first page (a position past the start, or a
-- continuation page of a walk whose first call carried no filter), or that reads more than
-- probe_records records (the page size it asked for, or the records its answer held). A probe —
-- a first-page read of a few records, e.g. `start=0&count=1` to learn the vendor's clock from the
-- Date header or a collection's total — is no resync. Calls after the vendor said a full resync
-- is due (e.g. sync_token_expired) are exempt for the rest of the phase.
-- @with
l AS (
    SELECT seq, phase, method, path, query, started_at,
           -- a key test on the JSON text: `"name"` followed by a colon is a key (inside a
           -- string value the quotes would be escaped)
           regexp_matches(coalesce(CAST(query AS VARCHAR), ''), {{fresh_re}})
             OR ({{rpc}} AND regexp_matches(coalesce(req_body, ''), {{fresh_re}})) AS has_fresh,
           regexp_matches(coalesce(CAST(query AS VARCHAR), ''), {{continuation_re}})
             OR ({{rpc}} AND regexp_matches(coalesce(req_body, ''), {{continuation_re}})) AS continuation,
           {{!position_expr}} AS pos,
           {{!size_expr}} AS asked,
           {{!items_expr}} AS got
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND upper(method) = {{list_method}} AND {{!endpoint_match}}
), first_phase AS (
    SELECT phase FROM l ORDER BY seq LIMIT 1
), walked AS (
    SELECT *,
           -- a continuation page belongs to the walk begun by the latest call of the same list
           -- that was not one: it is filtered when that first call was
           last_value(CASE WHEN NOT continuation THEN has_fresh END IGNORE NULLS) OVER (
               PARTITION BY phase, path ORDER BY started_at, seq
               ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS walk_fresh,
           continuation OR coalesce(pos NOT IN ('', '0') AND NOT ({{page_numbered}} AND pos = '1'),
                                    FALSE) AS past_first,
           greatest(coalesce(asked, {{default_limit}}), coalesce(got, 0)) AS records
    FROM l
), in_scope AS (
    SELECT * FROM walked WHERE {{explicit_phases}} OR phase <> (SELECT phase FROM first_phase)
), exempt AS (
    SELECT phase, min(ended_at) AS from_t
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}} AND {{!exempt_marker}}
    GROUP BY phase
)
-- @evidence
SELECT count(*) FROM in_scope
-- @violations
SELECT i.seq, i.phase, {{vendor}} AS vendor, i.method, i.path, CAST(i.query AS VARCHAR) AS query,
       CASE WHEN i.past_first THEN 'a page past the first of an unfiltered walk'
            ELSE 'an unfiltered read of ' || CAST(i.records AS VARCHAR) || ' records (a probe reads at most '
                 || CAST({{probe_records}} AS VARCHAR) || ')' END AS resync
FROM in_scope i LEFT JOIN exempt e USING (phase)
WHERE NOT i.has_fresh
  AND NOT (i.continuation AND coalesce(i.walk_fresh, TRUE))
  AND (i.past_first OR i.records > {{probe_records}})
  AND (e.from_t IS NULL OR i.started_at < e.from_t)
