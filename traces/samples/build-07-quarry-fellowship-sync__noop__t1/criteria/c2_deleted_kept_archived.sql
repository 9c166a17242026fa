-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-deleted-kept-archived
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM q_cand p WHERE p.cp = 'cp2' AND p.id NOT IN (SELECT id FROM q_cand WHERE cp = 'final')) + (SELECT count(*) FROM q_app p WHERE p.cp = 'cp2' AND p.id NOT IN (SELECT id FROM q_app WHERE cp = 'final'))
-- description: The records HR deleted in Quarry after the second run (a candidate with both of its
--  applications, and five stale leads: 7 applications) are still in the store after the last run,
--  flagged archived, with the other columns as Quarry last had them (at the second run's checkpoint).
WITH dc AS (SELECT p.* FROM q_cand p WHERE p.cp = 'cp2' AND p.id NOT IN (SELECT id FROM q_cand WHERE cp = 'final')),
     da AS (SELECT p.* FROM q_app p WHERE p.cp = 'cp2' AND p.id NOT IN (SELECT id FROM q_app WHERE cp = 'final')),
     fc AS (SELECT * FROM o_cand WHERE cp = 'final'
            QUALIFY row_number() OVER (PARTITION BY id ORDER BY archived DESC, name, email, updated_ts) = 1),
     fa AS (SELECT * FROM o_app WHERE cp = 'final'
            QUALIFY row_number() OVER (PARTITION BY id ORDER BY archived DESC, status, updated_ts) = 1)
SELECT d.id, 'candidate' AS kind,
       CASE WHEN f.id IS NULL THEN 'removed from the store'
            WHEN NOT f.archived THEN 'not flagged archived'
            ELSE 'columns differ from what Quarry last had' END AS problem,
       f.name || ' / ' || coalesce(f.email, '-') AS store_value, d.name || ' / ' || coalesce(d.email, '-') AS last_quarry_value
FROM dc d
LEFT JOIN o_cand m ON m.cp = 'final' AND m.id = d.id AND m.archived AND m.name IS NOT DISTINCT FROM d.name
                  AND m.email IS NOT DISTINCT FROM d.email AND m.updated_ts = d.updated_ts
LEFT JOIN fc f ON f.id = d.id
WHERE m.id IS NULL
UNION ALL
SELECT d.id, 'application',
       CASE WHEN f.id IS NULL THEN 'removed from the store'
            WHEN NOT f.archived THEN 'not flagged archived'
            ELSE 'columns differ from what Quarry last had' END,
       f.status || ' / ' || coalesce(f.candidate_id, '-'), d.status || ' / ' || d.candidate_id
FROM da d
LEFT JOIN o_app m ON m.cp = 'final' AND m.id = d.id AND m.archived AND m.candidate_id IS NOT DISTINCT FROM d.candidate_id
                 AND m.job_id IS NOT DISTINCT FROM d.job_id AND m.status IS NOT DISTINCT FROM d.status
                 AND m.updated_ts = d.updated_ts
LEFT JOIN fa f ON f.id = d.id
WHERE m.id IS NULL
UNION ALL
SELECT NULL, NULL, 'no record was deleted between cp2 and the end (scenario broken)', NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM da)
