-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-updates-reflected
-- category: correctness
-- weight: 2
-- description: The 40 applications updated between the runs (28 moved to recruiter_screen, 12 to
--  offer) are in the report with their new stage and status after the second run.
WITH upd AS (
    SELECT unnest(CAST(r->'$.ids' AS VARCHAR[])) AS id
    FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r
          FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'weekly_changes')
    WHERE r->>'$.op' = 'update' AND r->>'$.table' = 'applications'
), o AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(stage AS VARCHAR) AS stage, CAST(status AS VARCHAR) AS status
    FROM output.applications
)
SELECT u.id, s.stage, s.status, o.stage AS report_stage, o.status AS report_status,
       CASE WHEN o.id IS NULL THEN 'missing from the report' ELSE 'old stage or status' END AS problem
FROM upd u
JOIN state.talentforge_applications s ON s.id = u.id
LEFT JOIN o ON o.id = u.id
WHERE o.id IS NULL OR o.stage IS DISTINCT FROM s.stage OR o.status IS DISTINCT FROM s.status
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, 'the updates are not in the events (scenario broken)'
WHERE NOT EXISTS (SELECT 1 FROM upd)
