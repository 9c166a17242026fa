-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-pending-start-dates
-- category: correctness
-- weight: 7
-- mandatory: true
-- description: After each run every pending employee of a Jobsmith hire has the hire's date as
--  Jobsmith shows it (a local date, America/New_York) as its start date (rules 2-4): the 15
--  wrongly dated pending employees corrected, the new ones created right. Fails when no hire has
--  a pending employee after a run (nothing to judge).
SELECT e.cp, e.external_ref, e.id AS employee_id, k.start_date AS jobsmith_date, e.start_date AS keystone_date,
       'start date is not the Jobsmith date' AS problem
FROM ks_emp e
JOIN k_hires k ON k.cp = e.cp AND k.ref = e.external_ref
WHERE e.status = 'pending' AND e.start_date IS DISTINCT FROM k.start_date
UNION ALL
SELECT w.cp, NULL, NULL, NULL, NULL, 'no pending employee of a Jobsmith hire after ' || w.cp
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM ks_emp e JOIN k_hires k ON k.cp = e.cp AND k.ref = e.external_ref
                  WHERE e.cp = w.cp AND e.status = 'pending')
