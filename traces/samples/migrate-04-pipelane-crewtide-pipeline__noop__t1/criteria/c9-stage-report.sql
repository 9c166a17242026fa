-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-stage-report
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: stage_report.csv after the last run: one row per Pipelane opportunity with its Pipelane
--   stage, its flag by the ticket's precedence, and for those that move the Crewtide stage name and the id
--   of the application it became (empty for those that stay behind). An empty report fails on every row.
WITH r AS (
    SELECT trim(CAST(opportunity_id AS VARCHAR)) AS opportunity_id,
           nullif(trim(CAST(crewtide_application_id AS VARCHAR)), '') AS application_id,
           nullif(trim(CAST(pipelane_stage AS VARCHAR)), '') AS pipelane_stage,
           nullif(trim(CAST(crewtide_stage AS VARCHAR)), '') AS crewtide_stage,
           trim(CAST(flag AS VARCHAR)) AS flag
    FROM output.stage_report
), one AS (
    SELECT opportunity_id, count(*) AS n, any_value(application_id) AS application_id,
           any_value(pipelane_stage) AS pipelane_stage, any_value(crewtide_stage) AS crewtide_stage,
           any_value(flag) AS flag
    FROM r GROUP BY opportunity_id
), app AS (
    SELECT opportunity_id, CAST(min(application_id) AS VARCHAR) AS application_id FROM k_app GROUP BY opportunity_id
)
SELECT k.opportunity_id, coalesce(o.n, 0) AS rows, o.flag, k.flag AS expected_flag
FROM k_opp k LEFT JOIN one o ON o.opportunity_id = k.opportunity_id LEFT JOIN app ON app.opportunity_id = k.opportunity_id
WHERE o.n IS NULL OR o.n > 1 OR o.flag IS DISTINCT FROM k.flag
   OR o.pipelane_stage IS DISTINCT FROM k.pl_stage
   OR o.crewtide_stage IS DISTINCT FROM k.ct_stage
   OR o.application_id IS DISTINCT FROM (CASE WHEN k.moves THEN app.application_id END)
UNION ALL
SELECT o.opportunity_id, o.n, o.flag, 'no such opportunity'
FROM one o WHERE o.opportunity_id NOT IN (SELECT opportunity_id FROM k_opp)
