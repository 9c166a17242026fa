-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: no-ghosts-or-duplicates
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: After each run (cp1 and final) the CSV holds each candidate once and none that StaffLine
--   does not have at that moment (an empty CSV fails).
WITH runs AS (
    SELECT 'cp1' AS checkpoint, CAST(o.id AS VARCHAR) AS id, TRY_CAST(o.id AS BIGINT) AS cid FROM cp_cp1.output_candidates o
    UNION ALL
    SELECT 'final', CAST(o.id AS VARCHAR), TRY_CAST(o.id AS BIGINT) FROM output.candidates o
), live AS (
    SELECT 'cp1' AS checkpoint, id FROM cp_cp1.staffline_candidates
    UNION ALL
    SELECT 'final', id FROM state.staffline_candidates
)
SELECT checkpoint, id, 'duplicate' AS problem FROM runs GROUP BY checkpoint, id HAVING count(*) > 1
UNION ALL
SELECT r.checkpoint, r.id, 'not in StaffLine'
FROM runs r ANTI JOIN live l ON l.checkpoint = r.checkpoint AND l.id = r.cid
UNION ALL
SELECT c.checkpoint, NULL, 'the CSV is empty or missing'
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM runs r WHERE r.checkpoint = c.checkpoint)
