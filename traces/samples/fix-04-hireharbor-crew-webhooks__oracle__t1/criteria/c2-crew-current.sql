-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-crew-current
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: Every application changed once during the morning is in the tracker exactly once,
--  with HireHarbor's final stage name, status, job department and updated_at (to the second).
SELECT 'missing' AS problem, k.application_id, k.name, NULL AS tracker_value
FROM crew_key k
WHERE k.n_changes = 1 AND k.application_id NOT IN (SELECT application_id FROM crew_out WHERE application_id IS NOT NULL)
UNION ALL
SELECT 'columns differ', k.application_id, k.name,
       concat_ws(' | ', o.department, o.stage, o.status, CAST(o.updated_ts AS VARCHAR))
FROM crew_key k JOIN crew_out o USING (application_id)
WHERE k.n_changes = 1
  AND (o.department IS DISTINCT FROM k.department OR o.stage IS DISTINCT FROM k.stage
       OR o.status IS DISTINCT FROM k.status OR o.updated_ts IS DISTINCT FROM k.updated_ts)
UNION ALL
SELECT 'listed ' || count(*) || ' times', application_id, NULL, NULL
FROM crew_out GROUP BY application_id HAVING count(*) > 1
