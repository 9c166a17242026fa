-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-active-untouched
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Guard (the starter passes): every employee Keystone showed as active before a run
--  is exactly as it was after the run, every field and its version (rule 5), including the four
--  wrongly dated ones of Jobsmith hires.
SELECT b.cp, b.id, b.external_ref,
       CASE WHEN e.id IS NULL THEN 'the employee is gone' ELSE 'an active employee was modified' END AS problem,
       b.start_date AS start_date_before, e.start_date AS start_date_after, b.status AS status_before, e.status AS status_after
FROM ks_before b
LEFT JOIN ks_emp e ON e.cp = b.cp AND e.id = b.id
WHERE b.status = 'active'
  AND (e.id IS NULL OR e.version IS DISTINCT FROM b.version
       OR e.external_ref IS DISTINCT FROM b.external_ref OR e.first_name IS DISTINCT FROM b.first_name
       OR e.last_name IS DISTINCT FROM b.last_name OR e.email IS DISTINCT FROM b.email
       OR e.phone IS DISTINCT FROM b.phone OR e.address IS DISTINCT FROM b.address
       OR e.job_title IS DISTINCT FROM b.job_title OR e.department IS DISTINCT FROM b.department
       OR e.start_date IS DISTINCT FROM b.start_date OR e.status IS DISTINCT FROM b.status)
UNION ALL
SELECT NULL, NULL, NULL, 'no active employee before run1 (scenario broken)', NULL, NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM ks_before b WHERE b.cp = 'cp1' AND b.status = 'active')
