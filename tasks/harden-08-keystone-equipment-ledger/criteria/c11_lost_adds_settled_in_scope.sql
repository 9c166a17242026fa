-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c11-lost-adds-settled-in-scope
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: Each add whose answer was lost in run1 is on its starter exactly once after run1,
--  and the job settled it, like everything else it did, opening only the records of the
--  starters in the file (the ticket's works-council rule): no record Keystone served in either
--  run (the staff list, another employee's record or anything under it, another employee's
--  equipment item or onboarding item) belongs to anyone outside the file. A run1 in which no
--  add lost its answer fails (the job added nothing).
WITH file_people AS (
    SELECT DISTINCT employee_id FROM issues
), served AS (
    -- what Keystone answered with a record in the scenario's runs (a 404 opened nothing)
    SELECT x.seq, x.phase, x.method, x.path
    FROM exchanges x
    WHERE x.phase IN ('scenario:run1', 'scenario:run2') AND x.vendor = 'keystone'
      AND x.direction = 'to_vendor' AND x.status BETWEEN 200 AND 299
), owner AS (
    SELECT s.seq, s.phase, s.method, s.path,
           CASE
             WHEN regexp_matches(s.path, '^/hr/v2/employees/?$') THEN -1
             WHEN regexp_matches(s.path, '^/hr/v2/employees/[0-9]+(/.*)?$')
               THEN TRY_CAST(regexp_extract(s.path, '^/hr/v2/employees/([0-9]+)', 1) AS BIGINT)
             WHEN regexp_matches(s.path, '^/hr/v2/equipment/[0-9]+/?$') THEN e.employee_id
             WHEN regexp_matches(s.path, '^/hr/v2/onboarding-items/[0-9]+/?$') THEN o.employee_id
           END AS employee_id
    FROM served s
    LEFT JOIN state.keystone_equipment e
      ON regexp_matches(s.path, '^/hr/v2/equipment/[0-9]+/?$')
     AND e.id = TRY_CAST(regexp_extract(s.path, '^/hr/v2/equipment/([0-9]+)', 1) AS BIGINT)
    LEFT JOIN state.keystone_onboarding_items o
      ON regexp_matches(s.path, '^/hr/v2/onboarding-items/[0-9]+/?$')
     AND o.id = TRY_CAST(regexp_extract(s.path, '^/hr/v2/onboarding-items/([0-9]+)', 1) AS BIGINT)
), lost AS (
    SELECT DISTINCT CAST(regexp_extract(x.path, '^/hr/v2/employees/([0-9]+)/equipment$', 1) AS BIGINT) AS employee_id
    FROM exchanges x
    WHERE x.phase = 'scenario:run1' AND x.vendor = 'keystone' AND x.fault = 'drop-add'
)
SELECT o.phase, o.seq, o.method, o.path, o.employee_id,
       CASE WHEN o.employee_id = -1 THEN 'opened the staff list' ELSE 'opened a record of someone outside the file' END AS problem
FROM owner o
WHERE o.employee_id IS NOT NULL AND o.employee_id NOT IN (SELECT employee_id FROM file_people)
UNION ALL
SELECT 'cp1', NULL, NULL, x.issue_id, x.employee_id,
       'a lost add is on its starter ' || CAST(count(e.id) AS VARCHAR) || ' times'
FROM lost l
JOIN expected x ON x.employee_id = l.employee_id
LEFT JOIN eq e ON e.cp = 'cp1' AND e.employee_id = x.employee_id AND e.nref = x.issue_id
GROUP BY x.issue_id, x.employee_id
HAVING count(e.id) <> 1
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, 'no add lost its answer in run1'
WHERE NOT EXISTS (SELECT 1 FROM lost)
