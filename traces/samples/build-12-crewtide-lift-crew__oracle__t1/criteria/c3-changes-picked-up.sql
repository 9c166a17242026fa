-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-changes-picked-up
-- category: correctness
-- weight: 2
-- mandatory: false
-- description: The second run shows the names and the job title changed in Crewtide between the runs
--   (the scenario's mutate step): every crew application of a renamed candidate or of the retitled job
--   is on the final roster with the new value (no such application at all fails).
-- The answer key (ak_*) is in _answer_key.sql.
WITH ops AS (
    SELECT unnest(CAST(json_extract(payload, '$.ops') AS JSON[])) AS op
    FROM events WHERE type = 'step' AND kind = 'mutate' AND vendor = 'crewtide'
), changed AS (
    SELECT op->>'$.table' AS tbl, CAST(op->>'$.id' AS BIGINT) AS id,
           op->>'$.values.first_name' AS first_name, op->>'$.values.last_name' AS last_name,
           op->>'$.values.title' AS title
    FROM ops WHERE op->>'$.op' = 'update' AND op->>'$.table' IN ('candidates', 'jobs')
), affected AS (
    SELECT k.application_id, c.first_name AS new_first, c.last_name AS new_last, NULL AS new_title
    FROM ak_crew k JOIN changed c ON c.tbl = 'candidates' AND c.id = k.candidate_id WHERE k.cp = 'final'
    UNION ALL
    SELECT k.application_id, NULL, NULL, c.title
    FROM ak_crew k JOIN state.crewtide_job_applications a ON a.id = k.application_id
    JOIN changed c ON c.tbl = 'jobs' AND c.id = a.job_id WHERE k.cp = 'final'
)
SELECT f.application_id, coalesce(f.new_first, f.new_last, f.new_title) AS new_value,
       o.first_name, o.last_name, o.job_title
FROM affected f LEFT JOIN ak_out o ON o.cp = 'final' AND o.application_id = f.application_id
WHERE o.application_id IS NULL
   OR (f.new_first IS NOT NULL AND o.first_name IS DISTINCT FROM f.new_first)
   OR (f.new_last IS NOT NULL AND o.last_name IS DISTINCT FROM f.new_last)
   OR (f.new_title IS NOT NULL AND o.job_title IS DISTINCT FROM f.new_title)
UNION ALL
SELECT NULL, 'no crew application of a changed candidate or job', NULL, NULL, NULL
WHERE (SELECT count(*) FROM affected) = 0
