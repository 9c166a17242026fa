-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-employee-per-hire
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_hires
-- description: After each run (cp1, cp2, final) every Workwell candidate in stage Hired with an
--  agreed start date has exactly one Keystone employee with ExternalRef WW-<Workwell id>, and no
--  other employee carries a WW- reference (none for hires still without a start date).
SELECT k.cp, k.ref, count(e.id) AS employees,
       CASE WHEN count(e.id) = 0 THEN 'no employee' ELSE 'more than one employee' END AS problem
FROM k_hires k
LEFT JOIN ks_emp e ON e.cp = k.cp AND e.external_ref = k.ref
GROUP BY k.cp, k.ref
HAVING count(e.id) <> 1
UNION ALL
SELECT e.cp, e.external_ref, count(*), 'an employee for no hire with a start date'
FROM ks_emp e
WHERE e.external_ref LIKE 'WW-%'
  AND NOT EXISTS (SELECT 1 FROM k_hires k WHERE k.cp = e.cp AND k.ref = e.external_ref)
GROUP BY e.cp, e.external_ref
