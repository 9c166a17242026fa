-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-duplicates
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Each placement appears in the census at most once (payroll bills every row);
--  an empty or missing census fails.
SELECT CAST(placement_id AS VARCHAR) AS placement_id, 'cp1' AS checkpoint, count(*) AS rows_in_census
FROM cp_cp1.output_census GROUP BY placement_id HAVING count(*) > 1
UNION ALL
SELECT CAST(placement_id AS VARCHAR), 'final', count(*)
FROM output.census GROUP BY placement_id HAVING count(*) > 1
UNION ALL
SELECT NULL, 'cp1', 0 WHERE (SELECT count(*) FROM cp_cp1.output_census) = 0
UNION ALL
SELECT NULL, 'final', 0 WHERE (SELECT count(*) FROM output.census) = 0
