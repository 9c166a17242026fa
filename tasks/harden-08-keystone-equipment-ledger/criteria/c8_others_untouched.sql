-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-others-untouched
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Equipment items that carry no issue of the file are as they were before run1
--  after each run (kind, size, asset tag, issue date, status, ref); nothing deleted.
SELECT cp.cp, e0.id, e0.ref, e.id AS now_id, e.kind, e.size, e.asset_tag, e.issued_on, e.status, e.ref AS now_ref
FROM eq0 e0
CROSS JOIN (VALUES ('cp1'), ('final')) cp(cp)
LEFT JOIN eq e ON e.cp = cp.cp AND e.id = e0.id
WHERE NOT EXISTS (SELECT 1 FROM issues i WHERE i.employee_id = e0.employee_id AND i.issue_id = e0.nref)
  AND (e.id IS NULL OR e.kind IS DISTINCT FROM e0.kind OR e.size IS DISTINCT FROM e0.size
       OR e.asset_tag IS DISTINCT FROM e0.asset_tag OR e.issued_on IS DISTINCT FROM e0.issued_on
       OR e.status IS DISTINCT FROM e0.status OR e.ref IS DISTINCT FROM e0.ref)
