-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-employee-per-hire
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Guard (the starter passes): after each run no ExternalRef JS-<id> is carried by
--  more than one Keystone employee (rule 1: never two employees for one hire). Fails when no
--  employee carries a JS- reference at all after a run.
SELECT e.cp, e.external_ref, count(*) AS employees, 'more than one employee' AS problem
FROM ks_emp e
WHERE e.external_ref LIKE 'JS-%'
GROUP BY e.cp, e.external_ref
HAVING count(*) > 1
UNION ALL
SELECT w.cp, NULL, 0, 'no employee with a JS- reference after ' || w.cp
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM ks_emp e WHERE e.cp = w.cp AND e.external_ref LIKE 'JS-%')
