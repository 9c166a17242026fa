-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-one-reload-after-expiry
-- category: resilience
-- weight: 2
-- description: A full reload only when the subscription has expired, and then exactly one. Run 2
--  (subscription alive) reads no placements by a search without a clause naming records (id,
--  jobOrder.id, candidate.id) or changes (dateLastModified) — an id range such as id:[1 TO *]
--  names none, it walks the entity; run 3 (after the three-hour outage: the subscription has expired
--  with its events) reloads — a 200 placement search without such a clause, after Benchline's
--  410 subscription_expired when the run met one (a design that knows from Benchline's clock
--  that the subscription is over may reload without asking) — and reads no first page of such a
--  search twice in that reload. A run 3 without a reload fails.
WITH s AS (
    SELECT seq, phase, started_at, status, q, coalesce(start_at, 0) AS start_at
    FROM bl_x
    WHERE path LIKE '%/search/Placement'
      -- a read of given records (id:8, candidate.id:(3 OR 9)) or of changes (dateLastModified)
      -- is no reload; an id range (id:[1 TO *], keyset paging over the whole entity) is one
      AND NOT regexp_matches(q, '(^|[\s(])((jobOrder\.id|candidate\.id|dateLastModified):|id:\s*[^\s\[])')
), expired AS (
    SELECT phase, min(seq) AS seq FROM bl_x
    WHERE status = 410 OR coalesce(resp_body, '') LIKE '%subscription_expired%' GROUP BY phase
), reload AS (
    SELECT s.* FROM s LEFT JOIN expired e ON e.phase = s.phase
    WHERE s.phase = 'scenario:run3' AND s.status = 200 AND s.seq > coalesce(e.seq, 0)
)
SELECT s.seq, s.phase, s.q AS query, 'a full reload while the subscription was alive' AS problem
FROM s LEFT JOIN expired e ON e.phase = s.phase
WHERE (s.phase = 'scenario:run2' AND (e.seq IS NULL OR s.seq < e.seq))
   OR (s.phase = 'scenario:run3' AND e.seq IS NOT NULL AND s.seq < e.seq)
UNION ALL
SELECT NULL, 'scenario:run3', NULL, 'no reload in run 3 after the subscription expired'
WHERE NOT EXISTS (SELECT 1 FROM reload)
UNION ALL
SELECT min(seq), 'scenario:run3', q, 'reloaded more than once: the first page read ' || count(*) || ' times'
FROM reload WHERE start_at = 0 GROUP BY q HAVING count(*) > 1
