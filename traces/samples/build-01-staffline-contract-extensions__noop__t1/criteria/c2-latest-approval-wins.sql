-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-latest-approval-wins
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_apply WHERE run = 'run1' AND n_rows > 1
-- description: Assignments with several rows in file W09 end, after run1, on the date of the row with the
--   latest approved_at (not an earlier row's, not unchanged).
-- The answer key (ak_*) is in _answer_key.sql.
WITH g AS (SELECT * FROM ak_apply WHERE run = 'run1' AND n_rows > 1)
SELECT g.ref, g.new_end AS expected_end, s.end_date AS actual_end,
       (SELECT list(c.new_end ORDER BY c.row_no) FROM ak_csv c WHERE c.file = 'A' AND c.ref = g.ref AND c.rk > 1) AS superseded_dates
FROM g LEFT JOIN cp_cp1.staffline_placements s ON s.id = g.id
WHERE s.end_date IS DISTINCT FROM g.new_end
