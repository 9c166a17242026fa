-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key the criteria select from, created on the
-- grading connection before the criteria run (docs/grader.md, "Shared definitions").
--   ak_csv_rows  both input files as VALUES: file A = extensions-2026-W09.csv (run1 and run2),
--                file B = extensions-2026-W10.csv (run3)
--   ak_csv       every row, with n_rows (rows of that assignment in its file) and rk (1: the
--                latest approved_at wins, ties to the later row)
--   ak_win       the winning row of each assignment of each file
--   ak_run_start per run, its file and the placements as the run found them: run1 file A on
--                cp_initial, run2 file A on cp_cp1, run3 file B on cp_before_run3
--   ak_apply     per run, the placements its file's winning rows lengthen (not closed, no end
--                date or a later one), judged on the state the run started from
--   ak_outcomes  per run, every row of its file with the placement_id and outcome results.csv
--                must report (the ticket's outcomes, first that applies, on that same state)
CREATE OR REPLACE TEMP VIEW ak_csv_rows(file, row_no, ref, new_end, approved_at) AS VALUES
    ('A', 1, 'ASN-8980382', DATE '2026-05-20', TIMESTAMPTZ '2026-02-23 14:16:00+00'),
    ('A', 2, 'ASN-6916706', DATE '2026-05-02', TIMESTAMPTZ '2026-02-24 07:36:00+00'),
    ('A', 3, 'ASN-9598388', DATE '2026-07-25', TIMESTAMPTZ '2026-02-26 09:04:00+00'),
    ('A', 4, 'ASN-8370607', DATE '2026-03-20', TIMESTAMPTZ '2026-02-25 12:20:00+00'),
    ('A', 5, 'ASN-7894668', DATE '2026-06-03', TIMESTAMPTZ '2026-02-23 15:33:00+00'),
    ('A', 6, 'ASN-7894668', DATE '2026-05-06', TIMESTAMPTZ '2026-02-24 18:21:00+00'),
    ('A', 7, 'ASN-2553310', DATE '2026-04-30', TIMESTAMPTZ '2026-02-25 11:36:00+00'),
    ('A', 8, 'ASN-2553310', DATE '2026-05-28', TIMESTAMPTZ '2026-02-24 08:48:00+00'),
    ('A', 9, 'ASN-2553310', DATE '2026-03-19', TIMESTAMPTZ '2026-02-24 10:48:00+00'),
    ('A', 10, 'ASN-6043365', DATE '2026-06-15', TIMESTAMPTZ '2026-02-27 11:54:00+00'),
    ('A', 11, 'ASN-1497441', DATE '2026-04-04', TIMESTAMPTZ '2026-02-23 07:24:00+00'),
    ('A', 12, 'ASN-9923328', DATE '2026-04-28', TIMESTAMPTZ '2026-02-25 13:47:00+00'),
    ('A', 13, 'ASN-9923328', DATE '2026-03-17', TIMESTAMPTZ '2026-02-24 10:59:00+00'),
    ('A', 14, 'ASN-4418002', DATE '2026-05-22', TIMESTAMPTZ '2026-02-24 12:25:00+00'),
    ('A', 15, 'ASN-1815802', DATE '2026-05-06', TIMESTAMPTZ '2026-02-26 09:06:00+00'),
    ('A', 16, 'ASN-5988024', DATE '2026-08-24', TIMESTAMPTZ '2026-02-24 12:35:00+00'),
    ('A', 17, 'ASN-4500874', DATE '2026-05-13', TIMESTAMPTZ '2026-02-26 14:24:00+00'),
    ('A', 18, 'ASN-1985515', DATE '2026-05-05', TIMESTAMPTZ '2026-02-23 16:26:00+00'),
    ('A', 19, 'ASN-1942104', DATE '2026-04-02', TIMESTAMPTZ '2026-02-23 14:45:00+00'),
    ('A', 20, 'ASN-2798898', DATE '2026-05-04', TIMESTAMPTZ '2026-02-24 15:29:00+00'),
    ('A', 21, 'ASN-7687482', DATE '2026-05-24', TIMESTAMPTZ '2026-02-25 15:07:00+00'),
    ('A', 22, 'ASN-8778961', DATE '2026-03-27', TIMESTAMPTZ '2026-02-25 13:16:00+00'),
    ('A', 23, 'ASN-6383930', DATE '2026-04-23', TIMESTAMPTZ '2026-02-27 08:09:00+00'),
    ('A', 24, 'ASN-3790872', DATE '2026-06-29', TIMESTAMPTZ '2026-02-23 16:03:00+00'),
    ('A', 25, 'ASN-6362244', DATE '2026-06-07', TIMESTAMPTZ '2026-02-25 11:53:00+00'),
    ('A', 26, 'ASN-2727415', DATE '2026-08-04', TIMESTAMPTZ '2026-02-24 08:08:00+00'),
    ('A', 27, 'ASN-2727415', DATE '2026-07-07', TIMESTAMPTZ '2026-02-25 10:56:00+00'),
    ('A', 28, 'ASN-1175637', DATE '2026-11-29', TIMESTAMPTZ '2026-02-25 11:41:00+00'),
    ('A', 29, 'ASN-2263607', DATE '2026-04-14', TIMESTAMPTZ '2026-02-23 14:03:00+00'),
    ('A', 30, 'ASN-3088792', DATE '2026-07-24', TIMESTAMPTZ '2026-02-23 08:45:00+00'),
    ('A', 31, 'ASN-8608694', DATE '2026-04-27', TIMESTAMPTZ '2026-02-25 13:29:00+00'),
    ('A', 32, 'ASN-8703009', DATE '2026-10-09', TIMESTAMPTZ '2026-02-26 09:43:00+00'),
    ('A', 33, 'ASN-7955429', DATE '2026-06-22', TIMESTAMPTZ '2026-02-24 12:18:00+00'),
    ('A', 34, 'ASN-2513906', DATE '2026-03-05', TIMESTAMPTZ '2026-02-24 15:24:00+00'),
    ('A', 35, 'ASN-8877096', DATE '2026-06-06', TIMESTAMPTZ '2026-02-26 11:50:00+00'),
    ('A', 36, 'ASN-8416373', DATE '2026-06-19', TIMESTAMPTZ '2026-02-26 16:24:00+00'),
    ('A', 37, 'ASN-8136952', DATE '2026-04-11', TIMESTAMPTZ '2026-02-24 08:46:00+00'),
    ('A', 38, 'ASN-8136952', DATE '2026-05-09', TIMESTAMPTZ '2026-02-25 11:34:00+00'),
    ('A', 39, 'ASN-5994251', DATE '2026-05-01', TIMESTAMPTZ '2026-02-27 10:40:00+00'),
    ('A', 40, 'ASN-2964918', DATE '2026-03-19', TIMESTAMPTZ '2026-02-26 08:47:00+00'),
    ('B', 1, 'ASN-6043365', DATE '2026-07-13', TIMESTAMPTZ '2026-03-04 11:10:00+00'),
    ('B', 2, 'ASN-3463614', DATE '2026-06-23', TIMESTAMPTZ '2026-03-02 09:27:00+00'),
    ('B', 3, 'ASN-4500874', DATE '2026-05-13', TIMESTAMPTZ '2026-03-04 12:25:00+00'),
    ('B', 4, 'ASN-9162705', DATE '2026-05-24', TIMESTAMPTZ '2026-03-06 11:10:00+00'),
    ('B', 5, 'ASN-9703720', DATE '2026-04-01', TIMESTAMPTZ '2026-03-02 08:33:00+00'),
    ('B', 6, 'ASN-6962498', DATE '2026-05-09', TIMESTAMPTZ '2026-03-06 14:37:00+00');

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
