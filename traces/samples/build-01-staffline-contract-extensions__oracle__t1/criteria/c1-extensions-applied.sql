-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-extensions-applied
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM ak_apply WHERE run = 'run1' AND n_rows = 1) + (SELECT count(*) FROM ak_apply WHERE run = 'run3')
-- description: Every assignment with a single row that lengthens a non-closed placement ends on that row's date:
--   file W09 judged after run1 (from the seeded state), file W10 after run3 (from the state just
--   before it, i.e. after the recruiters' hand edits).
-- The answer key (ak_*) is in _answer_key.sql.
WITH a_apply AS (SELECT * FROM ak_apply WHERE run = 'run1' AND n_rows = 1),
b_apply AS (SELECT * FROM ak_apply WHERE run = 'run3')
SELECT a.ref, 'run1' AS run, a.new_end AS expected_end, s.end_date AS actual_end
FROM a_apply a LEFT JOIN cp_cp1.staffline_placements s ON s.id = a.id
WHERE s.end_date IS DISTINCT FROM a.new_end
UNION ALL
SELECT b.ref, 'run3', b.new_end, s.end_date
FROM b_apply b LEFT JOIN state.staffline_placements s ON s.id = b.id
WHERE s.end_date IS DISTINCT FROM b.new_end
