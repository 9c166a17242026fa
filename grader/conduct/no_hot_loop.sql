-- check: no_hot_loop
-- A failure streak (consecutive failing answers to the same method+path, or consecutive 401s
-- to the vendor) retried hot: at least max_hot retries sent less than min_gap_s after the
-- previous failure ended (requests sent before it ended are concurrent, not retries; or more
-- than max_attempts failing attempts, when set); and a run step
-- that stopped at the first failure of a streak instead of retrying (_stopped.sql).
-- Uses the shared request timeline lib_req: only failing requests and their predecessors are
-- looked at.
-- @with
r AS (
    SELECT * FROM lib_req WHERE vendor = {{vendor}} AND {{!scope}}
), f_req AS (
    -- failing requests and the previous request with the same method + path
    SELECT f.seq, f.phase, f.method || ' ' || f.path AS k, 'request' AS grouping, f.status,
           f.client_saw, f.started_at, p.ended_at AS prev_end,
           coalesce(p.seq IS NOT NULL AND ({{!failure_p}}), FALSE) AS prev_f
    FROM r AS f LEFT JOIN lib_req AS p ON p.seq = f.prev_req
    WHERE ({{!failure_f}})
), f_ven AS (
    -- 401s and the previous request to the vendor
    SELECT f.seq, f.phase, '*' AS k, 'vendor-401' AS grouping, f.status, f.client_saw,
           f.started_at, p.ended_at AS prev_end, coalesce(p.status = 401, FALSE) AS prev_f
    FROM r AS f LEFT JOIN lib_req AS p ON p.seq = f.prev_ven
    WHERE {{group_401_by_vendor}} AND f.status = 401
), fails AS (
    SELECT *, (epoch_us(started_at) - epoch_us(prev_end)) / 1e6 AS gap_s,
           -- a retry is a request sent once the failure was answered: one that started while
           -- the failing request was still in flight (a concurrent fan-out) reacts to nothing
           prev_f AND (epoch_us(started_at) - epoch_us(prev_end)) / 1e6 >= 0
             AND (epoch_us(started_at) - epoch_us(prev_end)) / 1e6 < {{min_gap_s}} AS hot,
           -- a failure whose predecessor did not fail opens a streak
           sum(CASE WHEN prev_f THEN 0 ELSE 1 END) OVER (
               PARTITION BY grouping, phase, k ORDER BY started_at, seq
               ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS streak
    FROM (SELECT * FROM f_req UNION ALL SELECT * FROM f_ven)
), streaks AS (
    SELECT grouping, phase, k, streak, min(seq) AS first_seq, max(seq) AS last_seq,
           count(*) AS failed_attempts, count(*) FILTER (WHERE hot) AS hot_retries,
           round(min(gap_s) FILTER (WHERE prev_f), 3) AS min_gap_s,
           list_sort(list_distinct(list(coalesce(CAST(status AS VARCHAR), client_saw, 'no response')))) AS answers
    FROM fails GROUP BY grouping, phase, k, streak
), triggers AS (
    -- the first failure of each request's streak, when it was served (an answer, or a fault the
    -- recorder injected; a request the client abandoned itself is no trigger). Once the
    -- integration retried, the reaction this check judges exists: giving up after a retry
    -- budget (max_attempts) is a correct design, so later failures of the streak are no trigger.
    SELECT f.seq, f.phase, f.k, x.started_at, x.ended_at, NULL::TIMESTAMP AS wait_until,
           coalesce(CAST(x.status AS VARCHAR), x.client_saw, 'no response') AS answer
    FROM f_req f JOIN r x ON x.seq = f.seq
    WHERE NOT f.prev_f AND (x.status IS NOT NULL OR x.fault IS NOT NULL OR x.fault_action IS NOT NULL)
)
{{!stopped}}
-- @evidence
SELECT count(*) FROM r WHERE {{!failure}}
-- @violations
SELECT first_seq AS seq, last_seq, phase, {{vendor}} AS vendor, k AS request, grouping,
       failed_attempts, hot_retries, min_gap_s, array_to_string(answers, ',') AS answers
FROM streaks
WHERE hot_retries >= {{max_hot}}
   OR ({{max_attempts}} IS NOT NULL AND failed_attempts > {{max_attempts}})
-- @stopped
SELECT s.seq, s.phase, s.vendor, t.k AS request, t.answer AS answers, s.why
FROM stopped s JOIN triggers t ON t.seq = s.seq
