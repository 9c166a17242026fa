-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-plain-names-current
-- category: correctness
-- weight: 1
-- mandatory: false
-- description: Regression guard (the starter passes it): the applications changed once whose
--  candidates' names are plain ASCII are in the tracker with HireHarbor's stage, status,
--  department and updated_at.
SELECT k.application_id, k.name, concat_ws(' | ', o.department, o.stage, o.status, CAST(o.updated_ts AS VARCHAR)) AS tracker
FROM crew_key k LEFT JOIN crew_out o USING (application_id)
WHERE k.n_changes = 1 AND k.ascii_name
  AND (o.application_id IS NULL OR o.department IS DISTINCT FROM k.department OR o.stage IS DISTINCT FROM k.stage
       OR o.status IS DISTINCT FROM k.status OR o.updated_ts IS DISTINCT FROM k.updated_ts)
