-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: candidates-mirrored
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM cp_cp1.staffline_candidates) + (SELECT count(*) FROM state.staffline_candidates)
-- description: After each run (cp1 and final), every live StaffLine candidate is in that run's CSV
--   with its current e-mail and last name.
-- The ticket asks for the CSV (id, email, last_name) to equal StaffLine after every run, so the
-- first run is judged on cp1 (the run that met the 503), the second on final.
WITH pairs AS (
    SELECT 'cp1' AS checkpoint, c.id, c.email, c.last_name,
           o.id AS csv_id, CAST(o.email AS VARCHAR) AS csv_email, CAST(o.last_name AS VARCHAR) AS csv_last_name
    FROM cp_cp1.staffline_candidates c
    LEFT JOIN cp_cp1.output_candidates o ON TRY_CAST(o.id AS BIGINT) = c.id
    UNION ALL
    SELECT 'final', c.id, c.email, c.last_name, o.id, CAST(o.email AS VARCHAR), CAST(o.last_name AS VARCHAR)
    FROM state.staffline_candidates c
    LEFT JOIN output.candidates o ON TRY_CAST(o.id AS BIGINT) = c.id
)
SELECT checkpoint, id, CASE WHEN csv_id IS NULL THEN 'missing' ELSE 'stale values' END AS problem,
       email, csv_email, last_name, csv_last_name
FROM pairs
WHERE csv_id IS NULL OR lower(csv_email) IS DISTINCT FROM lower(email) OR csv_last_name IS DISTINCT FROM last_name
