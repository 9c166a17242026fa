-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-one-row-per-application
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: The board has one row per application, however often Scoutly (or a replay) told
--  us about it. An empty board fails.
SELECT CAST(application_id AS VARCHAR) AS application_id, count(*) AS rows_on_board
FROM output.accredited GROUP BY 1 HAVING count(*) > 1
UNION ALL
SELECT 'the board is empty', 0 WHERE (SELECT count(*) FROM output.accredited) = 0
