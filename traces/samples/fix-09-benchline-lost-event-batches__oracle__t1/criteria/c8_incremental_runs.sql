-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-incremental-runs
-- category: conduct
-- weight: 1
-- mandatory: true
-- description: Runs 2-4 ask Benchline only for what changed (the ticket: no re-reading of the
--  placements on every poll): no placement search without an id or dateLastModified clause (id,
--  jobOrder.id, candidate.id or a dateLastModified range), unless Benchline said the event
--  subscription had expired earlier in that run (then one reload is the documented way). A run
--  that sent Benchline nothing fails. The starter passes this: a regression guard, mandatory
--  because a reload on every poll is what the ticket forbids.
WITH x AS (
    SELECT seq, phase, started_at, path, status, coalesce(query->>'$.query[0]', '') AS q, resp_body
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'benchline' AND phase IN ('scenario:run2', 'scenario:run3', 'scenario:run4')
), expired AS (
    SELECT phase, min(started_at) AS at FROM x
    WHERE status = 410 OR coalesce(resp_body, '') LIKE '%subscription_expired%' GROUP BY phase
)
SELECT x.seq, x.phase, x.q AS query, 'a placement search that re-reads the list' AS problem
FROM x LEFT JOIN expired e ON e.phase = x.phase
WHERE x.path LIKE '%/search/Placement'
  AND NOT regexp_matches(x.q, '(^|[\s(])(id|jobOrder\.id|candidate\.id|dateLastModified):')
  AND (e.at IS NULL OR x.started_at < e.at)
UNION ALL
SELECT NULL, p.phase, NULL, 'no request to Benchline in this run'
FROM (VALUES ('scenario:run2'), ('scenario:run3'), ('scenario:run4')) p(phase)
WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = p.phase)
