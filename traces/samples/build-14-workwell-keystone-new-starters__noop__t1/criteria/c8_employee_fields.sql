-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-employee-fields
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM k_matched WHERE NOT clerk
-- description: After each run (cp1, cp2, final) every hire's employee carries the fields the
--  ticket asks for on creation: first and last name, e-mail and phone as on Workwell, the
--  Workwell job's title, status pending. HR's later phone corrections (c4's) and the employee HR
--  activated (c5's) are judged there, not here, and so are the records the clerks typed in by
--  hand before the integration (HR's: c10's). Fails when the job created no employee.
SELECT cp, ref,
       CASE WHEN first_name IS DISTINCT FROM firstname THEN 'first_name'
            WHEN last_name IS DISTINCT FROM lastname THEN 'last_name'
            WHEN ks_email IS DISTINCT FROM email THEN 'email'
            WHEN ks_job_title IS DISTINCT FROM job_title THEN 'job_title'
            WHEN ks_phone IS DISTINCT FROM phone THEN 'phone'
            ELSE 'status' END AS field,
       first_name, ks_email, ks_job_title, ks_phone, ks_status
FROM k_matched m
WHERE NOT clerk AND (first_name IS DISTINCT FROM firstname
   OR last_name IS DISTINCT FROM lastname
   OR ks_email IS DISTINCT FROM email
   OR ks_job_title IS DISTINCT FROM job_title
   OR (ks_phone IS DISTINCT FROM phone
       AND NOT (cp IN ('cp2', 'final') AND ref IN (SELECT ref FROM hr_phone)))
   OR (ks_status IS DISTINCT FROM 'pending'
       AND NOT (cp IN ('cp2', 'final') AND ref IN (SELECT ref FROM hr_active))))
UNION ALL
SELECT w.cp, NULL, 'no employee the job created after ' || w.cp, NULL, NULL, NULL, NULL, NULL
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_matched m WHERE m.cp = w.cp AND NOT m.clerk)
