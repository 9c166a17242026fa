-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-latest-change-wins
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: The applications changed twice that morning (a second move, or the hire) show
--  their latest change: HireHarbor's final stage name, status, department and updated_at.
SELECT CASE WHEN o.application_id IS NULL THEN 'missing' ELSE 'not the latest change' END AS problem,
       k.application_id, concat_ws(' | ', k.stage, k.status, CAST(k.updated_ts AS VARCHAR)) AS hireharbor,
       concat_ws(' | ', o.stage, o.status, CAST(o.updated_ts AS VARCHAR)) AS tracker
FROM crew_key k LEFT JOIN crew_out o USING (application_id)
WHERE k.n_changes > 1
  AND (o.application_id IS NULL OR o.department IS DISTINCT FROM k.department OR o.stage IS DISTINCT FROM k.stage
       OR o.status IS DISTINCT FROM k.status OR o.updated_ts IS DISTINCT FROM k.updated_ts)
UNION ALL
SELECT 'no application changed twice', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM crew_key WHERE n_changes > 1)
