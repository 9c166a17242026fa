-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-garbled-list-employee
-- category: resilience
-- weight: 2
-- mandatory: false
-- description: The employee whose equipment list came back as a broken XML document (200) in
--  run1 has each of the file's issues exactly once, issued with the file's asset tag, after
--  run1. Fails when that answer was never served (run1 listed too little equipment).
WITH hit AS (
    SELECT DISTINCT CAST(regexp_extract(x.path, '^/hr/v2/employees/([0-9]+)/equipment$', 1) AS BIGINT) AS employee_id
    FROM exchanges x
    WHERE x.phase = 'scenario:run1' AND x.vendor = 'keystone' AND x.fault = 'garbled-list'
)
SELECT h.employee_id, x.issue_id, count(e.id) AS items,
       count(e.id) FILTER (WHERE e.status = 'issued' AND e.asset_tag = x.asset_tag) AS issued_right
FROM hit h
JOIN expected x ON x.employee_id = h.employee_id
LEFT JOIN eq e ON e.cp = 'cp1' AND e.employee_id = x.employee_id AND e.nref = x.issue_id
GROUP BY h.employee_id, x.issue_id
HAVING count(e.id) <> 1 OR count(e.id) FILTER (WHERE e.status = 'issued' AND e.asset_tag = x.asset_tag) <> 1
UNION ALL
SELECT NULL, 'the broken list answer was never served', 0, 0 WHERE NOT EXISTS (SELECT 1 FROM hit)
