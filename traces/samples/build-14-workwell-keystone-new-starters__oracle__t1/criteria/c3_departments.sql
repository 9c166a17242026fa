-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-departments
-- category: correctness
-- weight: 2
-- population: SELECT count(*) FROM k_matched WHERE NOT clerk
-- description: After each run (cp1, cp2, final) every hire's employee the job created is in the
--  Keystone department HR's mapping sheet gives for the department of the Workwell job (the
--  records the clerks typed in are HR's: c10's). Fails when the job created no employee.
SELECT cp, ref, workwell_department, keystone_department AS mapped, ks_department AS keystone_has
FROM k_matched
WHERE NOT clerk AND ks_department IS DISTINCT FROM keystone_department
UNION ALL
SELECT w.cp, NULL, 'no employee the job created after ' || w.cp, NULL, NULL
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_matched m WHERE m.cp = w.cp AND NOT m.clerk)
