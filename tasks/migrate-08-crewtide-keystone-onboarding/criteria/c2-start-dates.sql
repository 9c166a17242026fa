-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-start-dates
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After every run, each employee of a moved onboarding starts on the onboarding's
--  Crewtide start-date as Crewtide has it at that point (two start dates move in the cutover).
--  A checkpoint with no such employee is a violation (nothing to judge).
SELECT o.cp, o.ref, CAST(e.start_date AS VARCHAR) AS keystone, CAST(o.start_date AS VARCHAR) AS crewtide
FROM ak_onb o JOIN ak_emp e ON e.cp = o.cp AND e.external_ref = o.ref
WHERE CAST(e.start_date AS DATE) IS DISTINCT FROM o.start_date
UNION ALL
SELECT c.cp, NULL, NULL, 'no employee of a moved onboarding'
FROM ak_cps c
WHERE NOT EXISTS (SELECT 1 FROM ak_emp e JOIN ak_scope s ON s.ref = e.external_ref WHERE e.cp = c.cp)
