-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c10-clerks-records-kept
-- category: integrity
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM clerk_keyed
-- description: The six employees the clerks typed in by hand before the integration (no
--  ExternalRef, the e-mail of a Workwell hire; two already active) are still there after each
--  run (cp1, cp2, final) and are HR's: an active one is exactly as it was (the ticket: active
--  employees are never modified); a pending one has every field as it was except its start date
--  (c2's) and its ExternalRef, which may stay empty or be the hire's WW- reference.
--  Fails when the job created no employee (a run that does nothing keeps them trivially).
SELECT cp.cp, k.id AS employee_id, k.hire_ref,
       CASE WHEN e.id IS NULL THEN 'the employee is gone'
            WHEN k.status IN ('active', 'withdrawn') THEN 'an ' || k.status || ' employee was modified'
            WHEN e.external_ref IS NOT NULL AND e.external_ref <> k.hire_ref THEN 'another ExternalRef'
            ELSE 'HR''s fields were changed' END AS problem,
       k.phone AS phone_then, e.phone AS phone_now, k.address AS address_then, e.address AS address_now,
       k.start_date AS start_date_then, e.start_date AS start_date_now, k.status AS status_then, e.status AS status_now
FROM clerk_keyed k
CROSS JOIN (VALUES ('cp1'), ('cp2'), ('final')) cp(cp)
LEFT JOIN ks_emp e ON e.cp = cp.cp AND e.id = k.id
WHERE e.id IS NULL
   OR (k.status IN ('active', 'withdrawn') AND (e.external_ref IS DISTINCT FROM k.external_ref
       OR e.start_date IS DISTINCT FROM k.start_date))
   OR (e.external_ref IS NOT NULL AND e.external_ref <> k.hire_ref)
   OR e.first_name IS DISTINCT FROM k.first_name OR e.last_name IS DISTINCT FROM k.last_name
   OR e.email IS DISTINCT FROM k.email OR e.phone IS DISTINCT FROM k.phone
   OR e.address IS DISTINCT FROM k.address OR e.job_title IS DISTINCT FROM k.job_title
   OR e.department IS DISTINCT FROM k.department OR e.status IS DISTINCT FROM k.status
   OR e.employee_no IS DISTINCT FROM k.employee_no
UNION ALL
SELECT w.cp, k.id, k.hire_ref, 'no employee the job created after ' || w.cp, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL
FROM clerk_keyed k
CROSS JOIN (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_matched m WHERE m.cp = w.cp AND NOT m.clerk)
UNION ALL
SELECT NULL, NULL, NULL, 'the clerks'' records are not in Keystone before run1 (dataset broken)',
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
WHERE (SELECT count(*) FROM clerk_keyed) <> 6
