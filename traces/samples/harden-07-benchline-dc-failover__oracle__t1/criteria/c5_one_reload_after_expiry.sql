-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-one-reload-after-expiry
-- category: resilience
-- weight: 2
-- description: A full reload only when the subscription has expired, and then exactly one. Run 2
--  (subscription alive) reads no placements by a search without an id, jobOrder.id, candidate.id
--  or dateLastModified clause; run 3 (after the three-hour outage) learns from Benchline that the
--  subscription expired (410 subscription_expired), then reloads (a 200 placement search without
--  such a clause after it) and reads no first page of such a search twice after it. A run 3 that
--  never met the expiry fails.
WITH s AS (
    SELECT seq, phase, started_at, status, q, coalesce(start_at, 0) AS start_at
    FROM bl_x
    WHERE path LIKE '%/search/Placement'
      AND NOT regexp_matches(q, '(^|[\s(])(id|jobOrder\.id|candidate\.id|dateLastModified):')
), expired AS (
    SELECT phase, min(seq) AS seq FROM bl_x
    WHERE status = 410 OR coalesce(resp_body, '') LIKE '%subscription_expired%' GROUP BY phase
)
SELECT s.seq, s.phase, s.q AS query, 'a full reload while the subscription was alive' AS problem
FROM s LEFT JOIN expired e ON e.phase = s.phase
WHERE s.phase IN ('scenario:run2', 'scenario:run3') AND (e.seq IS NULL OR s.seq < e.seq)
UNION ALL
SELECT NULL, 'scenario:run3', NULL, 'run 3 never learned that the subscription had expired'
WHERE NOT EXISTS (SELECT 1 FROM expired WHERE phase = 'scenario:run3')
UNION ALL
SELECT NULL, 'scenario:run3', NULL, 'no reload after the subscription expired'
WHERE EXISTS (SELECT 1 FROM expired WHERE phase = 'scenario:run3')
  AND NOT EXISTS (SELECT 1 FROM s JOIN expired e ON e.phase = s.phase
                  WHERE s.phase = 'scenario:run3' AND s.seq > e.seq AND s.status = 200)
UNION ALL
SELECT min(s.seq), 'scenario:run3', s.q, 'reloaded more than once: the first page read ' || count(*) || ' times'
FROM s JOIN expired e ON e.phase = s.phase
WHERE s.phase = 'scenario:run3' AND s.seq > e.seq AND s.status = 200 AND s.start_at = 0
GROUP BY s.q HAVING count(*) > 1
