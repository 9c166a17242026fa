-- check: resume_pagination (path-segment and RPC-cursor walks: a window over the list calls)
-- A list walk that failed mid-way (a page past the first got no answer, a cut or malformed
-- answer, a 5xx or a 429) and whose next request for the same list starts again from the first
-- page instead of resuming at (or retrying) the failed position (probes — a first-page read of at
-- most probe_records records, fewer than the walk's pages ask for — are passed over); and a run
-- step that stopped at the failed page instead (_stopped.sql).
-- @with
l0 AS (
    SELECT seq, phase, method, path, query, req_body, started_at, ended_at, status, client_saw, fault, fault_action,
           {{!position_expr}} AS pos, {{!walk_expr}} AS walk, {{!size_expr}} AS asked
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND upper(method) = {{list_method}} AND {{!endpoint_match}}
), l AS (
    SELECT *, (pos IS NULL OR pos IN ('', '0') OR ({{page_numbered}} AND pos = '1')) AS at_start,
           (status IS NULL OR status >= 500 OR status = 429
            OR coalesce(client_saw, 'full') <> 'full'
            OR coalesce(fault_action, '') IN ('malformed', 'truncate', 'reset', 'timeout')) AS failed
    FROM l0
    WHERE walk IN (SELECT walk FROM l0 WHERE pos IS NOT NULL AND pos NOT IN ('', '0'))
), lp AS (
    SELECT *, max(asked) OVER (PARTITION BY phase, walk) AS walk_size FROM l
), n AS (
    -- the pages of the walks: probes passed over
    SELECT *, lead(seq) OVER w AS next_seq, lead(at_start) OVER w AS next_at_start,
           lead(pos) OVER w AS next_pos,
           lag(failed) OVER w AS prev_failed, lag(pos) OVER w AS prev_pos
    FROM lp
    WHERE NOT (at_start AND asked IS NOT NULL AND asked <= {{probe_records}} AND asked < walk_size)
    WINDOW w AS (PARTITION BY phase, walk ORDER BY started_at, seq)
), triggers AS (
    -- the first failure at a position, when it was served (an answer, or a fault the recorder
    -- injected): a retry of the same page that failed again shows the reaction already
    SELECT seq, phase, started_at, ended_at, NULL::TIMESTAMP AS wait_until
    FROM n
    WHERE failed AND NOT at_start
      AND NOT coalesce(prev_failed AND prev_pos IS NOT DISTINCT FROM pos, FALSE)
      AND (status IS NOT NULL OR fault IS NOT NULL OR fault_action IS NOT NULL)
)
{{!stopped}}
-- @evidence
SELECT count(*) FROM l WHERE failed AND NOT at_start
-- @violations
SELECT next_seq AS seq, seq AS failed_seq, phase, {{vendor}} AS vendor, walk AS list,
       pos AS failed_at, coalesce(CAST(status AS VARCHAR), client_saw, 'no response') AS failure,
       fault_action, next_pos AS next_position
FROM n
WHERE failed AND NOT at_start AND next_seq IS NOT NULL AND next_at_start
-- @stopped
SELECT s.seq, s.seq AS failed_seq, s.phase, s.vendor, n.walk AS list, n.pos AS failed_at,
       coalesce(CAST(n.status AS VARCHAR), n.client_saw, 'no response') AS failure, n.fault_action, s.why
FROM stopped s JOIN n ON n.seq = s.seq
