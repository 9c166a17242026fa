-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-start-dates
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM k_matched
-- description: After each run (cp1, cp2, final) every hire's employee that Keystone does not show
--  as active or withdrawn has Workwell's current start date (16 of the 26 dates by the end fall
--  on a day of the month of 12 or less, where a day/month swap is still a valid date), the
--  pending records the clerks typed in by hand included (two of them with day and month
--  swapped). The employee HR marked active is c5's. Fails when the job created no employee
--  (the clerks' records alone do not count).
SELECT cp, ref, start_date AS workwell_start_date, ks_start_date AS keystone_start_date, ks_status
FROM k_matched
WHERE coalesce(ks_status, '') NOT IN ('active', 'withdrawn')
  AND ks_start_date IS DISTINCT FROM start_date
UNION ALL
SELECT w.cp, NULL, 'no employee the job created after ' || w.cp, NULL, NULL
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_matched m WHERE m.cp = w.cp AND NOT m.clerk)
UNION ALL  -- and no credit for the clerks' records then
SELECT m.cp, m.ref, 'no employee the job created after ' || m.cp, NULL, NULL
FROM k_matched m
WHERE NOT EXISTS (SELECT 1 FROM k_matched x WHERE x.cp = m.cp AND NOT x.clerk)
