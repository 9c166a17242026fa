-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-provision-log
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM ww_hired
-- description: After each run (cp1, cp2, final) the log has one line per Workwell candidate in
--  stage Hired, with Keystone's employee number of their employee (empty when none) and the
--  action the ticket defines for that run: no_start_date without an agreed date; created when
--  Keystone had no employee before the run; started / withdrawn when Keystone had it active /
--  withdrawn; unchanged when it had Workwell's start date; updated otherwise. A hire the clerks
--  had typed in by hand has that record as its employee (its number, its status and date).
WITH want AS (
    SELECT h.cp, h.workwell_id,
           CASE WHEN h.start_date IS NULL THEN 'no_start_date'
                WHEN b.id IS NULL THEN 'created'
                WHEN b.status = 'active' THEN 'started'
                WHEN b.status = 'withdrawn' THEN 'withdrawn'
                WHEN b.start_date = h.start_date THEN 'unchanged'
                ELSE 'updated' END AS action,
           (SELECT min(e.employee_no) FROM hire_emp x JOIN ks_emp e ON e.cp = x.cp AND e.id = x.employee_id
            WHERE x.cp = h.cp AND x.ref = h.ref) AS employee_no
    FROM ww_hired h
    LEFT JOIN hire_emp_before hb ON hb.cp = h.cp AND hb.ref = h.ref
    LEFT JOIN ks_before b ON b.cp = hb.cp AND b.id = hb.employee_id
), got AS (
    SELECT cp, workwell_id, min(employee_no) AS employee_no, min(action) AS action, count(*) AS lines
    FROM o_log GROUP BY cp, workwell_id
)
SELECT w.cp, w.workwell_id,
       CASE WHEN g.workwell_id IS NULL THEN 'no line'
            WHEN g.lines > 1 THEN 'more than one line'
            WHEN g.action IS DISTINCT FROM w.action THEN 'action'
            ELSE 'employee_no' END AS problem,
       w.action AS expected_action, g.action AS logged_action, w.employee_no AS expected_employee_no,
       g.employee_no AS logged_employee_no
FROM want w
LEFT JOIN got g ON g.cp = w.cp AND g.workwell_id = w.workwell_id
WHERE g.workwell_id IS NULL OR g.lines > 1 OR g.action IS DISTINCT FROM w.action
   OR coalesce(g.employee_no, '') <> coalesce(w.employee_no, '')
UNION ALL
SELECT g.cp, g.workwell_id, 'a line for no Workwell hire', NULL, g.action, NULL, g.employee_no
FROM got g
WHERE NOT EXISTS (SELECT 1 FROM want w WHERE w.cp = g.cp AND w.workwell_id = g.workwell_id)
