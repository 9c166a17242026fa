-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: no-ghosts-or-duplicates
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: The CSV holds each candidate once and none that StaffLine deleted (an empty CSV fails).
SELECT CAST(o.id AS VARCHAR) AS id, 'duplicate' AS problem
FROM output.candidates o GROUP BY o.id HAVING count(*) > 1
UNION ALL
SELECT CAST(o.id AS VARCHAR), 'not in StaffLine'
FROM output.candidates o LEFT JOIN state.staffline_candidates c ON c.id = TRY_CAST(o.id AS BIGINT)
WHERE c.id IS NULL
UNION ALL
SELECT NULL, 'the CSV is empty or missing' WHERE (SELECT count(*) FROM output.candidates) = 0
