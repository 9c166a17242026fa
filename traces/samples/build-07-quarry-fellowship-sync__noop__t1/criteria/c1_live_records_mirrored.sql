-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-live-records-mirrored
-- category: correctness
-- weight: 8
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM q_cand WHERE cp = 'final') + (SELECT count(*) FROM q_app WHERE cp = 'final' AND NOT hidden)
-- description: After the last run (eight days after the previous one) every candidate and application
--  Quarry has is in the store, not flagged archived, with the columns as Quarry has them: the
--  candidate's name, e-mail in lower case without blanks (NULL when none) and updated_at; the
--  application's candidate, job, status and updated_at (ISO-8601 UTC, Quarry's milliseconds).
--  Applications of a confidential job, which the API key cannot read, are c7's.
-- A record stored twice passes when one of its rows matches (duplicates are c6's).
WITH fc AS (SELECT * FROM o_cand WHERE cp = 'final'
            QUALIFY row_number() OVER (PARTITION BY id ORDER BY archived, name, email, updated_ts) = 1),
     fa AS (SELECT * FROM o_app WHERE cp = 'final'
            QUALIFY row_number() OVER (PARTITION BY id ORDER BY archived, status, updated_ts) = 1)
SELECT q.id, 'candidate' AS kind,
       CASE WHEN f.id IS NULL THEN 'missing from the store'
            WHEN f.archived THEN 'flagged archived, but still in Quarry'
            WHEN f.name IS DISTINCT FROM q.name THEN 'name'
            WHEN f.email IS DISTINCT FROM q.email THEN 'email'
            ELSE 'updated_at' END AS problem,
       f.name || ' / ' || coalesce(f.email, '-') AS store_value, q.name || ' / ' || coalesce(q.email, '-') AS quarry_value
FROM q_cand q
LEFT JOIN o_cand m ON m.cp = 'final' AND m.id = q.id AND NOT m.archived AND m.name IS NOT DISTINCT FROM q.name
                  AND m.email IS NOT DISTINCT FROM q.email AND m.updated_ts = q.updated_ts
LEFT JOIN fc f ON f.id = q.id
WHERE q.cp = 'final' AND m.id IS NULL
UNION ALL
SELECT q.id, 'application',
       CASE WHEN f.id IS NULL THEN 'missing from the store'
            WHEN f.archived THEN 'flagged archived, but still in Quarry'
            WHEN f.candidate_id IS DISTINCT FROM q.candidate_id THEN 'candidate_id'
            WHEN f.job_id IS DISTINCT FROM q.job_id THEN 'job_id'
            WHEN f.status IS DISTINCT FROM q.status THEN 'status'
            ELSE 'updated_at' END,
       f.status || ' / ' || coalesce(CAST(f.updated_ts AS VARCHAR), '-'), q.status || ' / ' || CAST(q.updated_ts AS VARCHAR)
FROM q_app q
LEFT JOIN o_app m ON m.cp = 'final' AND m.id = q.id AND NOT m.archived AND m.candidate_id IS NOT DISTINCT FROM q.candidate_id
                 AND m.job_id IS NOT DISTINCT FROM q.job_id AND m.status IS NOT DISTINCT FROM q.status
                 AND m.updated_ts = q.updated_ts
LEFT JOIN fa f ON f.id = q.id
WHERE q.cp = 'final' AND NOT q.hidden AND m.id IS NULL
