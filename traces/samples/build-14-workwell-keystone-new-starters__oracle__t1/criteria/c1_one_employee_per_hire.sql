-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-employee-per-hire
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_hires
-- description: After each run (cp1, cp2, final) every Workwell candidate in stage Hired with an
--  agreed start date has exactly one Keystone employee: the one with ExternalRef WW-<Workwell id>
--  or, for the six hires the clerks had typed in by hand before the integration (no reference,
--  the candidate's e-mail), that record, whether or not it has been given the reference (a
--  second employee for one of them is a duplicate); and no other employee carries a WW-
--  reference (none for hires still without a start date). No credit after a run that created
--  no employee (the clerks' records alone).
SELECT k.cp, k.ref, count(e.employee_id) AS employees,
       CASE WHEN count(e.employee_id) = 0 THEN 'no employee' ELSE 'more than one employee' END AS problem
FROM k_hires k
LEFT JOIN hire_emp e ON e.cp = k.cp AND e.ref = k.ref
GROUP BY k.cp, k.ref
HAVING count(e.employee_id) <> 1
UNION ALL
SELECT m.cp, m.ref, 1, 'no employee the job created after ' || m.cp
FROM k_matched m
WHERE NOT EXISTS (SELECT 1 FROM k_matched x WHERE x.cp = m.cp AND NOT x.clerk)
UNION ALL
SELECT e.cp, e.external_ref, count(*), 'an employee for no hire with a start date'
FROM ks_emp e
WHERE e.external_ref LIKE 'WW-%'
  AND NOT EXISTS (SELECT 1 FROM k_hires k WHERE k.cp = e.cp AND k.ref = e.external_ref)
GROUP BY e.cp, e.external_ref
