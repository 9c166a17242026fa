-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-employee-per-onboarding
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After every run, every onboarding that was in progress at the move has exactly
--  one Keystone employee with ExternalRef CT-<onboarding id>, and Keystone has no other
--  employee (none for onboardings completed or cancelled before the move, none keyed otherwise).
SELECT s.cp, s.ref, count(e.id) AS employees, 'not exactly one employee' AS problem
FROM (SELECT cp, ref FROM ak_cps, ak_scope) s
LEFT JOIN ak_emp e ON e.cp = s.cp AND e.external_ref = s.ref
GROUP BY s.cp, s.ref
HAVING count(e.id) <> 1
UNION ALL
SELECT e.cp, e.external_ref, 1, 'employee of no onboarding in progress at the move'
FROM ak_emp e
WHERE e.external_ref IS NULL OR e.external_ref NOT IN (SELECT ref FROM ak_scope)
