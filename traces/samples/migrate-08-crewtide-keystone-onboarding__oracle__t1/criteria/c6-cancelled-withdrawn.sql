-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-cancelled-withdrawn
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After every run, the employee of a moved onboarding that Crewtide shows
--  cancelled at that point is withdrawn, and no other employee of a moved onboarding is
--  withdrawn (two onboardings are cancelled in the cutover). A cancelled onboarding without an
--  employee is a violation.
SELECT o.cp, o.ref, o.status AS crewtide, e.status AS keystone
FROM ak_onb o LEFT JOIN ak_emp e ON e.cp = o.cp AND e.external_ref = o.ref
WHERE (o.status = 'cancelled' AND e.status IS DISTINCT FROM 'withdrawn')
   OR (o.status <> 'cancelled' AND e.status = 'withdrawn')
