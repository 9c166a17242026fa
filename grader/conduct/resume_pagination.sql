-- check: resume_pagination
-- A list walk that failed mid-way (a page past the first got no answer, a cut or malformed
-- answer, a 5xx or a 429) and whose next request for the same list starts again from the first
-- page instead of resuming at (or retrying) the failed position. The next request is the next
-- page of the walk: probes (a first-page read of at most probe_records records, fewer than the
-- walk's pages ask for, e.g. one record to learn the vendor's clock) are not pages of the walk and
-- are passed over. Query-parameter walks: the previous request of the same method + path comes
-- from the shared request timeline lib_req. Also a run step that stopped at the failed page
-- instead of retrying or resuming it (_stopped.sql).
-- @with
l AS (
    SELECT seq, phase, path AS walk, started_at, ended_at, status, client_saw, fault, fault_action,
           {{!position_expr}} AS pos, {{!size_expr}} AS asked
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}} AND {{!scope}}
      AND upper(method) = {{list_method}} AND {{!endpoint_match}}
), walks AS (
    SELECT DISTINCT phase, walk FROM l WHERE pos IS NOT NULL AND pos NOT IN ('', '0')
), lw AS (
    SELECT l.*, (pos IS NULL OR pos IN ('', '0') OR ({{page_numbered}} AND pos = '1')) AS at_start,
           (status IS NULL OR status >= 500 OR status = 429
            OR coalesce(client_saw, 'full') <> 'full'
            OR coalesce(fault_action, '') IN ('malformed', 'truncate', 'reset', 'timeout')) AS failed,
           max(asked) OVER (PARTITION BY l.phase, l.walk) AS walk_size
    FROM l SEMI JOIN walks w ON l.phase = w.phase AND l.walk = w.walk
), pages AS (
    -- the pages of the walks: probes passed over
    SELECT seq, lead(seq) OVER (PARTITION BY phase, walk ORDER BY started_at, seq) AS next_page
    FROM lw
    WHERE NOT (at_start AND asked IS NOT NULL AND asked <= {{probe_records}} AND asked < walk_size)
), f AS (
    SELECT lw.*, pg.next_page AS next_req, r.prev_req FROM lw JOIN lib_req r ON r.seq = lw.seq
    JOIN pages pg ON pg.seq = lw.seq
    WHERE lw.failed AND NOT lw.at_start
), triggers AS (
    -- the first failure at a position, when it was served (an answer, or a fault the recorder
    -- injected): a retry of the same page that failed again shows the reaction already, and
    -- giving up after a retry budget is a correct design
    SELECT f.seq, f.phase, f.started_at, f.ended_at, NULL::TIMESTAMP AS wait_until
    FROM f LEFT JOIN lw p ON p.seq = f.prev_req
    WHERE NOT coalesce(p.failed AND p.pos IS NOT DISTINCT FROM f.pos, FALSE)
      AND (f.status IS NOT NULL OR f.fault IS NOT NULL OR f.fault_action IS NOT NULL)
)
{{!stopped}}
, n AS (
    SELECT f.*, x.pos AS next_pos, x.at_start AS next_at_start
    FROM f LEFT JOIN lw x ON x.seq = f.next_req
)
-- @evidence
SELECT count(*) FROM f
-- @violations
SELECT next_req AS seq, seq AS failed_seq, phase, {{vendor}} AS vendor, walk AS list,
       pos AS failed_at, coalesce(CAST(status AS VARCHAR), client_saw, 'no response') AS failure,
       fault_action, next_pos AS next_position
FROM n
WHERE next_req IS NOT NULL AND next_at_start
-- @stopped
SELECT s.seq, s.seq AS failed_seq, s.phase, s.vendor, f.walk AS list, f.pos AS failed_at,
       coalesce(CAST(f.status AS VARCHAR), f.client_saw, 'no response') AS failure, f.fault_action, s.why
FROM stopped s JOIN f ON f.seq = s.seq
