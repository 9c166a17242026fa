-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-each-issue-once
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each run, every issue of the file is on its employee as exactly one
--  equipment item (issue numbers compared trimmed, upper-cased), and that item is issued:
--  missing, twice, or a request left open.
SELECT cp.cp, x.issue_id, x.employee_id, count(e.id) AS items,
       count(e.id) FILTER (WHERE e.status = 'issued') AS issued
FROM expected x
CROSS JOIN (VALUES ('cp1'), ('final')) cp(cp)
LEFT JOIN eq e ON e.cp = cp.cp AND e.employee_id = x.employee_id AND e.nref = x.issue_id
GROUP BY cp.cp, x.issue_id, x.employee_id
HAVING count(e.id) <> 1 OR count(e.id) FILTER (WHERE e.status = 'issued') <> 1
