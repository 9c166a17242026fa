-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key the criteria select from, created on the
-- grading connection before the criteria run (docs/grader.md, "Shared definitions").
--   ak_csv_rows  both input files as the run handed them out (its `materials` events, translated
--                in a variant: docs/variants.md, "Materials"): file A = extensions-2026-W09.csv
--                (run1 and run2), file B = extensions-2026-W10.csv (run3)
--   ak_csv       every row, with n_rows (rows of that assignment in its file) and rk (1: the
--                latest approved_at wins, ties to the later row)
--   ak_win       the winning row of each assignment of each file
--   ak_run_start per run, its file and the placements as the run found them: run1 file A on
--                cp_initial, run2 file A on cp_cp1, run3 file B on cp_before_run3
--   ak_apply     per run, the placements its file's winning rows lengthen (not closed, no end
--                date or a later one), judged on the state the run started from
--   ak_outcomes  per run, every row of its file with the placement_id and outcome results.csv
--                must report (the ticket's outcomes, first that applies, on that same state)
CREATE OR REPLACE TEMP VIEW ak_csv_rows(file, row_no, ref, new_end, approved_at) AS
    WITH handed AS (
        SELECT data ->> '$.file' AS name, unnest(CAST(data -> '$.rows' AS JSON[])) AS r,
               generate_subscripts(CAST(data -> '$.rows' AS JSON[]), 1) AS row_no
        FROM events WHERE type = 'materials')
    SELECT CASE name WHEN 'extensions-2026-W09.csv' THEN 'A' ELSE 'B' END, row_no,
           r ->> 'assignment_no', CAST(r ->> 'new_end_date' AS DATE), CAST(r ->> 'approved_at' AS TIMESTAMPTZ)
    FROM handed WHERE name IN ('extensions-2026-W09.csv', 'extensions-2026-W10.csv');

CREATE OR REPLACE TEMP VIEW ak_csv AS
    SELECT *, count(*) OVER (PARTITION BY file, ref) AS n_rows,
           row_number() OVER (PARTITION BY file, ref ORDER BY approved_at DESC, row_no DESC) AS rk
    FROM ak_csv_rows;

CREATE OR REPLACE TEMP VIEW ak_win AS SELECT * FROM ak_csv WHERE rk = 1;

CREATE OR REPLACE TEMP VIEW ak_run_start(run, file, id, external_ref, status, end_date) AS
    SELECT 'run1', 'A', id, external_ref, status, end_date FROM cp_initial.staffline_placements
    UNION ALL
    SELECT 'run2', 'A', id, external_ref, status, end_date FROM cp_cp1.staffline_placements
    UNION ALL
    SELECT 'run3', 'B', id, external_ref, status, end_date FROM cp_before_run3.staffline_placements;

CREATE OR REPLACE TEMP VIEW ak_apply AS
    SELECT p.run, w.file, w.row_no, w.ref, w.new_end, w.n_rows, p.id
    FROM ak_win w JOIN ak_run_start p ON p.file = w.file AND p.external_ref = w.ref
    WHERE p.status <> 'Closed' AND (p.end_date IS NULL OR w.new_end > p.end_date);

CREATE OR REPLACE TEMP VIEW ak_outcomes AS
    SELECT r.run, c.row_no, p.id AS placement_id,
           CASE WHEN p.id IS NULL THEN 'unknown_assignment'
                WHEN c.rk > 1 THEN 'superseded'
                WHEN p.status = 'Closed' THEN 'rejected_closed'
                WHEN p.end_date IS NULL OR c.new_end > p.end_date THEN 'applied'
                WHEN c.new_end = p.end_date THEN 'already_current'
                ELSE 'rejected_shortening' END AS outcome
    FROM (SELECT DISTINCT run, file FROM ak_run_start) r
    JOIN ak_csv c ON c.file = r.file
    LEFT JOIN ak_run_start p ON p.run = r.run AND p.external_ref = c.ref;
