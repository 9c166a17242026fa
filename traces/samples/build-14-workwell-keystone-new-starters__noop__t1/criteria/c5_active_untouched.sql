-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-active-untouched
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: The employee HR marked active after the first run (a hire who has started, whose
--  start date Workwell then corrected) is exactly as HR left it after the second and third runs:
--  no field changed (the ticket: active employees are never modified). Fails when the activation
--  found no employee (the first run did not create it).
SELECT cp.cp, h.ref,
       CASE WHEN h.matched = 0 THEN 'HR''s activation found no employee: run1 did not create it'
            WHEN e.id IS NULL THEN 'the employee is gone'
            ELSE 'modified after HR activated it' END AS problem,
       b.start_date AS start_date_then, e.start_date AS start_date_now, b.status AS status_then, e.status AS status_now
FROM hr_active h
CROSS JOIN (VALUES ('cp2'), ('final')) cp(cp)
LEFT JOIN cp_edits.keystone_employees b ON b.id = h.employee_id
LEFT JOIN ks_emp e ON e.cp = cp.cp AND e.id = b.id
WHERE h.matched = 0 OR e.id IS NULL
   OR e.external_ref IS DISTINCT FROM b.external_ref OR e.first_name IS DISTINCT FROM b.first_name
   OR e.last_name IS DISTINCT FROM b.last_name OR e.email IS DISTINCT FROM b.email
   OR e.phone IS DISTINCT FROM b.phone OR e.address IS DISTINCT FROM b.address
   OR e.job_title IS DISTINCT FROM b.job_title OR e.department IS DISTINCT FROM b.department
   OR e.start_date IS DISTINCT FROM b.start_date OR e.status IS DISTINCT FROM b.status
UNION ALL
SELECT NULL, NULL, 'the HR activation is not in the events (scenario broken)', NULL, NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM hr_active)
