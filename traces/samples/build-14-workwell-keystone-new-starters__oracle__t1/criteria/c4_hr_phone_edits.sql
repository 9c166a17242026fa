-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-hr-phone-edits
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: The two phone numbers HR corrected in Keystone after the first run (on employees
--  whose start date Workwell then moved, so the second run must update them) are still HR's on
--  those employees after the second and third runs. Fails when the edit found no employee (the
--  first run did not create it). Duplicate employees are c1's.
SELECT cp.cp, h.ref, h.phone AS hr_phone, e.phone AS keystone_phone,
       CASE WHEN h.matched = 0 THEN 'HR''s edit found no employee: run1 did not create it'
            WHEN e.id IS NULL THEN 'the employee is gone'
            ELSE 'HR''s phone number was overwritten' END AS problem
FROM hr_phone h
CROSS JOIN (VALUES ('cp2'), ('final')) cp(cp)
LEFT JOIN ks_emp e ON e.cp = cp.cp AND e.id = h.employee_id
WHERE h.matched = 0 OR e.id IS NULL OR e.phone IS DISTINCT FROM h.phone
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'the HR edits are not in the events (scenario broken)'
WHERE NOT EXISTS (SELECT 1 FROM hr_phone)
