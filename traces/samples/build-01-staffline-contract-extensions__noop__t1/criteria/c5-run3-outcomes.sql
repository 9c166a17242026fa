-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-run3-outcomes
-- category: correctness
-- weight: 3
-- mandatory: false
-- population: SELECT 6
-- description: Run 3 (file W10) reports one results row per input row with the right placement_id and outcome,
--   judged on StaffLine's state when the run started.
WITH csv_rows(file, row_no, ref, new_end, approved_at) AS (VALUES
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
    ('B', 6, 'ASN-6962498', DATE '2026-05-09', TIMESTAMPTZ '2026-03-06 14:37:00+00')
), csv AS (
    SELECT *, count(*) OVER (PARTITION BY file, ref) AS n_rows,
           row_number() OVER (PARTITION BY file, ref ORDER BY approved_at DESC, row_no DESC) AS rk
    FROM csv_rows
), win AS (SELECT * FROM csv WHERE rk = 1), pre AS (SELECT * FROM cp_before_run3.staffline_placements),
expect AS (
    SELECT c.row_no, p.id AS placement_id,
           CASE WHEN p.id IS NULL THEN 'unknown_assignment'
                WHEN c.rk > 1 THEN 'superseded'
                WHEN p.status = 'Closed' THEN 'rejected_closed'
                WHEN p.end_date IS NULL OR c.new_end > p.end_date THEN 'applied'
                WHEN c.new_end = p.end_date THEN 'already_current'
                ELSE 'rejected_shortening' END AS outcome
    FROM csv c LEFT JOIN pre p ON p.external_ref = c.ref
    WHERE c.file = 'B'
), got AS (
    SELECT TRY_CAST(trim(CAST(row_no AS VARCHAR)) AS BIGINT) AS row_no,
           TRY_CAST(NULLIF(trim(CAST(placement_id AS VARCHAR)), '') AS BIGINT) AS placement_id,
           lower(trim(CAST(outcome AS VARCHAR))) AS outcome
    FROM output.extension_results
)
SELECT e.row_no, e.outcome AS expected_outcome, g.outcome AS reported_outcome,
       e.placement_id AS expected_placement_id, g.placement_id AS reported_placement_id
FROM expect e LEFT JOIN got g ON g.row_no = e.row_no
WHERE g.row_no IS NULL OR g.outcome IS DISTINCT FROM e.outcome OR g.placement_id IS DISTINCT FROM e.placement_id
UNION ALL
SELECT g.row_no, 'no such input row or reported twice', NULL, NULL, NULL
FROM got g GROUP BY g.row_no
HAVING g.row_no IS NULL OR g.row_no NOT IN (SELECT row_no FROM expect) OR count(*) > 1
