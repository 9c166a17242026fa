-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-quiet-rerun
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Guard (the starter passes): the third run, with nothing new in Jobsmith, sends
--  Keystone no successful create or update (rule 6). A third run that asked Jobsmith nothing
--  fails (it could not have known nothing changed).
SELECT x.seq, x.method, x.path, x.status, 'a write in the quiet run' AS problem
FROM exchanges x
WHERE x.phase = 'scenario:run3' AND x.direction = 'to_vendor' AND x.vendor = 'keystone'
  AND x.method IN ('POST', 'PUT') AND x.status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'run3 sent Jobsmith no request'
WHERE NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = 'scenario:run3' AND x.direction = 'to_vendor'
                  AND x.vendor = 'jobsmith')
