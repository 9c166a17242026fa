-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-employee-fields
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Guard (the starter passes): an employee that existed before a run keeps every
--  field but its start date (rule 4: HR's addresses and phone corrections stay), and an employee
--  a run created carries rule 3's fields (names, e-mail and phone of the applicant, the job's
--  title and department, status pending). Fails when no run created any employee.
SELECT e.cp, e.id, e.external_ref, 'a field other than the start date changed' AS problem
FROM ks_before b
JOIN ks_emp e ON e.cp = b.cp AND e.id = b.id
WHERE b.status <> 'active'
  AND (e.external_ref IS DISTINCT FROM b.external_ref OR e.first_name IS DISTINCT FROM b.first_name
       OR e.last_name IS DISTINCT FROM b.last_name OR e.email IS DISTINCT FROM b.email
       OR e.phone IS DISTINCT FROM b.phone OR e.address IS DISTINCT FROM b.address
       OR e.job_title IS DISTINCT FROM b.job_title OR e.department IS DISTINCT FROM b.department
       OR e.status IS DISTINCT FROM b.status OR e.employee_no IS DISTINCT FROM b.employee_no)
UNION ALL
SELECT e.cp, e.id, e.external_ref, 'a created employee does not carry the fields of rule 3'
FROM ks_emp e
JOIN k_hires k ON k.cp = e.cp AND k.ref = e.external_ref
WHERE NOT EXISTS (SELECT 1 FROM ks_before b WHERE b.cp = e.cp AND b.id = e.id)
  AND (e.first_name IS DISTINCT FROM k.first_name OR e.last_name IS DISTINCT FROM k.last_name
       OR e.email IS DISTINCT FROM k.email OR e.phone IS DISTINCT FROM k.phone
       OR e.job_title IS DISTINCT FROM k.job_title OR e.department IS DISTINCT FROM k.department
       OR e.status IS DISTINCT FROM 'pending')
UNION ALL
SELECT NULL, NULL, NULL, 'no run created an employee'
WHERE NOT EXISTS (SELECT 1 FROM ks_emp e WHERE NOT EXISTS (SELECT 1 FROM ks_before b WHERE b.cp = e.cp AND b.id = e.id))
