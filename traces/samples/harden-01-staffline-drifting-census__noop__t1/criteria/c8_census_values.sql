-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-census-values
-- category: correctness
-- weight: 1
-- mandatory: true
-- description: After each run (cp1 and final), every census row of a placement that exists in StaffLine
--  when the run ends carries its candidate_id, job_id, status, start and end dates (YYYY-MM-DD) and
--  bill_rate (the same decimal value) as StaffLine has them. Which rows must be there is c1's and
--  c2's. An empty or missing census fails.
-- Weight 1: the starter writes the right values where it has a row, so it passes this criterion and
-- a higher weight would lift the noop score past 20. Mandatory: a wrong column leaves the run unsolved.
-- The dump reads the CSV with inferred types, so bill_rate is compared as a decimal value (95.50 and
-- 95.5 are the same there) and a date that is not YYYY-MM-DD does not cast to DATE.
WITH o AS (
    SELECT 'cp1' AS checkpoint, TRY_CAST(placement_id AS BIGINT) AS id, TRY_CAST(candidate_id AS BIGINT) AS candidate_id,
           TRY_CAST(job_id AS BIGINT) AS job_id, CAST(status AS VARCHAR) AS status,
           TRY_CAST(CAST(start_date AS VARCHAR) AS DATE) AS start_date, TRY_CAST(CAST(end_date AS VARCHAR) AS DATE) AS end_date,
           CAST(end_date AS VARCHAR) AS end_text, TRY_CAST(CAST(bill_rate AS VARCHAR) AS DECIMAL(18, 4)) AS bill_rate
    FROM cp_cp1.output_census
    UNION ALL
    SELECT 'final', TRY_CAST(placement_id AS BIGINT), TRY_CAST(candidate_id AS BIGINT), TRY_CAST(job_id AS BIGINT),
           CAST(status AS VARCHAR), TRY_CAST(CAST(start_date AS VARCHAR) AS DATE), TRY_CAST(CAST(end_date AS VARCHAR) AS DATE),
           CAST(end_date AS VARCHAR), TRY_CAST(CAST(bill_rate AS VARCHAR) AS DECIMAL(18, 4))
    FROM output.census
), s AS (
    SELECT 'cp1' AS checkpoint, * FROM cp_cp1.staffline_placements
    UNION ALL
    SELECT 'final', * FROM state.staffline_placements
)
SELECT o.checkpoint, o.id AS placement_id,
       concat_ws(', ', CASE WHEN o.candidate_id IS DISTINCT FROM s.candidate_id THEN 'candidate_id' END,
                 CASE WHEN o.job_id IS DISTINCT FROM s.job_id THEN 'job_id' END,
                 CASE WHEN o.status IS DISTINCT FROM s.status THEN 'status' END,
                 CASE WHEN o.start_date IS DISTINCT FROM s.start_date THEN 'start_date' END,
                 CASE WHEN o.end_date IS DISTINCT FROM s.end_date OR (s.end_date IS NULL AND coalesce(o.end_text, '') <> '')
                      THEN 'end_date' END,
                 CASE WHEN o.bill_rate IS DISTINCT FROM CAST(s.bill_rate AS DECIMAL(18, 4)) THEN 'bill_rate' END) AS differs,
       o.bill_rate AS census_bill_rate, s.bill_rate AS staffline_bill_rate
FROM o JOIN s ON s.checkpoint = o.checkpoint AND s.id = o.id
WHERE o.candidate_id IS DISTINCT FROM s.candidate_id OR o.job_id IS DISTINCT FROM s.job_id
   OR o.status IS DISTINCT FROM s.status OR o.start_date IS DISTINCT FROM s.start_date
   OR o.end_date IS DISTINCT FROM s.end_date OR (s.end_date IS NULL AND coalesce(o.end_text, '') <> '')
   OR o.bill_rate IS DISTINCT FROM CAST(s.bill_rate AS DECIMAL(18, 4))
UNION ALL
SELECT c.checkpoint, NULL, 'the census is empty or missing', NULL, NULL
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.checkpoint = c.checkpoint)
