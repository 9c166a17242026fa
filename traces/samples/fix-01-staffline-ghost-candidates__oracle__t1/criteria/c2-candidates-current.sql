-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-candidates-current
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: WITH ops AS (SELECT step, unnest(CAST(json_extract(payload, '$.ops') AS JSON[])) AS op FROM events WHERE type = 'step' AND kind = 'mutate'), edits AS (SELECT step, CAST(op->>'$.id' AS BIGINT) AS id FROM ops WHERE op->>'$.op' = 'update' AND op->>'$.table' = 'candidates') SELECT (SELECT count(DISTINCT id) FROM edits WHERE step = 'mutate_deletes_edits') + (SELECT count(DISTINCT id) FROM edits)
-- description: After run2 and after run3, every mirrored candidate that is live in StaffLine has
--   StaffLine's current first_name, last_name, email, phone, city and status (an empty mirror fails).
WITH pairs AS (
    SELECT 'after run2' AS checkpoint, o.*, s.first_name AS s_first, s.last_name AS s_last, s.email AS s_email,
           s.phone AS s_phone, s.city AS s_city, s.status AS s_status
    FROM cp_cp2.output_candidates o JOIN cp_cp2.staffline_candidates s ON s.id = TRY_CAST(o.id AS BIGINT)
    UNION ALL
    SELECT 'after run3', o.*, s.first_name, s.last_name, s.email, s.phone, s.city, s.status
    FROM output.candidates o JOIN state.staffline_candidates s ON s.id = TRY_CAST(o.id AS BIGINT)
)
SELECT TRY_CAST(id AS BIGINT) AS candidate_id, checkpoint,
       concat_ws(', ',
         CASE WHEN CAST(first_name AS VARCHAR) IS DISTINCT FROM s_first THEN 'first_name' END,
         CASE WHEN CAST(last_name AS VARCHAR) IS DISTINCT FROM s_last THEN 'last_name' END,
         CASE WHEN CAST(email AS VARCHAR) IS DISTINCT FROM s_email THEN 'email' END,
         CASE WHEN CAST(phone AS VARCHAR) IS DISTINCT FROM s_phone THEN 'phone' END,
         CASE WHEN CAST(city AS VARCHAR) IS DISTINCT FROM s_city THEN 'city' END,
         CASE WHEN CAST(status AS VARCHAR) IS DISTINCT FROM s_status THEN 'status' END) AS stale_columns
FROM pairs
WHERE CAST(first_name AS VARCHAR) IS DISTINCT FROM s_first OR CAST(last_name AS VARCHAR) IS DISTINCT FROM s_last
   OR CAST(email AS VARCHAR) IS DISTINCT FROM s_email OR CAST(phone AS VARCHAR) IS DISTINCT FROM s_phone
   OR CAST(city AS VARCHAR) IS DISTINCT FROM s_city OR CAST(status AS VARCHAR) IS DISTINCT FROM s_status
UNION ALL
SELECT NULL, 'after run2', 'the mirror has no candidates' WHERE (SELECT count(*) FROM cp_cp2.output_candidates) = 0
UNION ALL
SELECT NULL, 'after run3', 'the mirror has no candidates' WHERE (SELECT count(*) FROM output.candidates) = 0
