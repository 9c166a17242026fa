-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. Graded checkpoints: cp1 (after run1), cp2 (after run2), final (after
-- run3); each run's "before" state is the checkpoint before it (initial, edits, cp2). Nothing
-- changes during a run, so a checkpoint's Workwell state is what its run read.
CREATE VIEW dept_map AS
SELECT * FROM (VALUES
    ('Environment', 'Environmental Services'), ('Culture', 'Libraries & Culture'),
    ('Finance', 'Finance & Payroll'), ('Children''s Services', 'Children''s Social Care'),
    ('Planning', 'Planning & Building Control'), ('Digital', 'Digital Services'),
    ('Adult Social Care', 'Adult Social Care'), ('Customer Services', 'Customer Services')
) t(workwell_department, keystone_department);

-- Workwell candidates in stage hired, with their job and offer, per graded checkpoint.
CREATE VIEW ww_hired AS
WITH c AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.workwell_candidates
    UNION ALL SELECT 'cp2', * FROM cp_cp2.workwell_candidates
    UNION ALL SELECT 'final', * FROM state.workwell_candidates
), j AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.workwell_jobs
    UNION ALL SELECT 'cp2', * FROM cp_cp2.workwell_jobs
    UNION ALL SELECT 'final', * FROM state.workwell_jobs
), o AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.workwell_offers
    UNION ALL SELECT 'cp2', * FROM cp_cp2.workwell_offers
    UNION ALL SELECT 'final', * FROM state.workwell_offers
)
SELECT c.cp, c.id, printf('%x', c.id) AS workwell_id, 'WW-' || printf('%x', c.id) AS ref,
       c.firstname, c.lastname, c.email, c.phone, j.title AS job_title, j.department AS workwell_department,
       m.keystone_department, o.start_date
FROM c
JOIN j ON j.cp = c.cp AND j.id = c.job_id
LEFT JOIN o ON o.cp = c.cp AND o.candidate_id = c.id
LEFT JOIN dept_map m ON m.workwell_department = j.department
WHERE c.stage = 'hired';

-- The hires the rules give an employee (stage hired, a start date agreed).
CREATE VIEW k_hires AS SELECT * FROM ww_hired WHERE start_date IS NOT NULL;

-- Keystone employees after each run, and before it.
CREATE VIEW ks_emp AS
SELECT 'cp1' AS cp, * FROM cp_cp1.keystone_employees
UNION ALL SELECT 'cp2', * FROM cp_cp2.keystone_employees
UNION ALL SELECT 'final', * FROM state.keystone_employees;

CREATE VIEW ks_before AS
SELECT 'cp1' AS cp, * FROM cp_initial.keystone_employees
UNION ALL SELECT 'cp2', * FROM cp_edits.keystone_employees
UNION ALL SELECT 'final', * FROM cp_cp2.keystone_employees;

-- The employees the clerks typed in by hand before the integration (v2): in Keystone before
-- run1 without any ExternalRef, each the employee of the Workwell hire with its e-mail.
CREATE VIEW clerk_keyed AS
SELECT e.*, 'WW-' || printf('%x', c.id) AS hire_ref
FROM cp_initial.keystone_employees e
JOIN cp_initial.workwell_candidates c ON c.stage = 'hired' AND lower(c.email) = lower(e.email)
WHERE e.external_ref IS NULL;

-- Each hire's employees after each run: those with its ExternalRef, and the clerks' record of it
-- (whether or not the record has been given the reference since).
CREATE VIEW hire_emp AS
SELECT DISTINCT cp, ref, employee_id, clerk FROM (
    SELECT h.cp, h.ref, e.id AS employee_id, e.id IN (SELECT id FROM clerk_keyed) AS clerk
    FROM ww_hired h JOIN ks_emp e ON e.cp = h.cp AND e.external_ref = h.ref
    UNION ALL
    SELECT h.cp, h.ref, e.id, true
    FROM ww_hired h JOIN clerk_keyed k ON k.hire_ref = h.ref JOIN ks_emp e ON e.cp = h.cp AND e.id = k.id
);

-- The same before each run (a run's "before" state).
CREATE VIEW hire_emp_before AS
SELECT DISTINCT cp, ref, employee_id FROM (
    SELECT h.cp, h.ref, b.id AS employee_id
    FROM ww_hired h JOIN ks_before b ON b.cp = h.cp AND b.external_ref = h.ref
    UNION ALL
    SELECT h.cp, h.ref, b.id
    FROM ww_hired h JOIN clerk_keyed k ON k.hire_ref = h.ref JOIN ks_before b ON b.cp = h.cp AND b.id = k.id
);

-- Each K hire with its employee when there is exactly one (several, or none, are c1's); `clerk`
-- marks the clerks' records (HR's since before the integration: c10's, not c3's or c8's).
CREATE VIEW k_matched AS
SELECT k.*, e.id AS employee_id, e.employee_no, e.external_ref, e.first_name, e.last_name, e.email AS ks_email,
       e.phone AS ks_phone, e.job_title AS ks_job_title, e.department AS ks_department,
       e.start_date AS ks_start_date, e.status AS ks_status, he.clerk
FROM k_hires k
JOIN hire_emp he ON he.cp = k.cp AND he.ref = k.ref
JOIN ks_emp e ON e.cp = k.cp AND e.id = he.employee_id
WHERE (SELECT count(*) FROM hire_emp x WHERE x.cp = k.cp AND x.ref = k.ref) = 1;

-- HR's edits in Keystone between run1 and run2 (the hr_edits step): phone corrections and
-- activations, by ExternalRef, with the ids the vendor reported (empty: no such employee). The
-- ops as sent (`sent`: the references filled in, docs/variants.md "Keys inside other values").
CREATE VIEW hr_ops AS
SELECT o.i, o.op->>'$.where.external_ref' AS ref, o.op->>'$.values.phone' AS phone,
       o.op->>'$.values.status' AS status,
       coalesce(json_array_length(json_extract(e.result, '$.results[' || (o.i - 1) || '].ids')), 0) AS matched,
       CAST(json_extract(e.result, '$.results[' || (o.i - 1) || '].ids[0]') AS BIGINT) AS employee_id
FROM events e,
     LATERAL (SELECT unnest(CAST(coalesce(e.data -> '$.sent', e.payload -> '$.ops') AS JSON[])) AS op,
                     generate_subscripts(CAST(coalesce(e.data -> '$.sent', e.payload -> '$.ops') AS JSON[]), 1) AS i) o
WHERE e.type = 'step' AND e.kind = 'mutate' AND e.step = 'hr_edits';

CREATE VIEW hr_phone AS SELECT ref, phone, matched, employee_id FROM hr_ops WHERE phone IS NOT NULL;
CREATE VIEW hr_active AS SELECT ref, matched, employee_id FROM hr_ops WHERE status = 'active';

-- The log, per graded checkpoint.
CREATE VIEW o_log AS
SELECT 'cp1' AS cp, CAST(workwell_id AS VARCHAR) AS workwell_id, CAST(employee_no AS VARCHAR) AS employee_no,
       CAST(action AS VARCHAR) AS action FROM cp_cp1.output_provision_log
UNION ALL SELECT 'cp2', CAST(workwell_id AS VARCHAR), CAST(employee_no AS VARCHAR), CAST(action AS VARCHAR)
FROM cp_cp2.output_provision_log
UNION ALL SELECT 'final', CAST(workwell_id AS VARCHAR), CAST(employee_no AS VARCHAR), CAST(action AS VARCHAR)
FROM output.provision_log;
