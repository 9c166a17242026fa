-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-store-after-runs-1-2
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM q_cand WHERE cp IN ('cp1', 'cp2')) + (SELECT count(*) FROM q_app WHERE cp IN ('cp1', 'cp2'))
-- description: After the first run (cp1) and after the second, incremental one (cp2: 20 records changed
--  by other users, 5 created, among them 6 applications Quarry archived by status) the store holds
--  every Quarry candidate and application, not flagged archived (nothing was deleted yet), every
--  column as Quarry had it at that checkpoint.
WITH fc AS (SELECT * FROM o_cand WHERE cp IN ('cp1', 'cp2')
            QUALIFY row_number() OVER (PARTITION BY cp, id ORDER BY archived, name, email, updated_ts) = 1),
     fa AS (SELECT * FROM o_app WHERE cp IN ('cp1', 'cp2')
            QUALIFY row_number() OVER (PARTITION BY cp, id ORDER BY archived, status, updated_ts) = 1)
SELECT q.cp, q.id, 'candidate' AS kind,
       CASE WHEN f.id IS NULL THEN 'missing from the store'
            WHEN f.archived THEN 'flagged archived, but in Quarry'
            WHEN f.name IS DISTINCT FROM q.name THEN 'name'
            WHEN f.email IS DISTINCT FROM q.email THEN 'email'
            ELSE 'updated_at' END AS problem,
       f.name || ' / ' || coalesce(f.email, '-') AS store_value, q.name || ' / ' || coalesce(q.email, '-') AS quarry_value
FROM q_cand q
LEFT JOIN o_cand m ON m.cp = q.cp AND m.id = q.id AND NOT m.archived AND m.name IS NOT DISTINCT FROM q.name
                  AND m.email IS NOT DISTINCT FROM q.email AND m.updated_ts = q.updated_ts
LEFT JOIN fc f ON f.cp = q.cp AND f.id = q.id
WHERE q.cp IN ('cp1', 'cp2') AND m.id IS NULL
UNION ALL
SELECT q.cp, q.id, 'application',
       CASE WHEN f.id IS NULL THEN 'missing from the store'
            WHEN f.archived THEN 'flagged archived, but in Quarry'
            WHEN f.candidate_id IS DISTINCT FROM q.candidate_id THEN 'candidate_id'
            WHEN f.job_id IS DISTINCT FROM q.job_id THEN 'job_id'
            WHEN f.status IS DISTINCT FROM q.status THEN 'status'
            ELSE 'updated_at' END,
       f.status || ' / ' || coalesce(CAST(f.updated_ts AS VARCHAR), '-'), q.status || ' / ' || CAST(q.updated_ts AS VARCHAR)
FROM q_app q
LEFT JOIN o_app m ON m.cp = q.cp AND m.id = q.id AND NOT m.archived AND m.candidate_id IS NOT DISTINCT FROM q.candidate_id
                 AND m.job_id IS NOT DISTINCT FROM q.job_id AND m.status IS NOT DISTINCT FROM q.status
                 AND m.updated_ts = q.updated_ts
LEFT JOIN fa f ON f.cp = q.cp AND f.id = q.id
WHERE q.cp IN ('cp1', 'cp2') AND m.id IS NULL
