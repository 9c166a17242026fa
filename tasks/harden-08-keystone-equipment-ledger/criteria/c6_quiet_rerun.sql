-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-quiet-rerun
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The second run of the same file (everything already recorded) saves nothing on
--  Keystone: no successful POST or PUT. A second run that read nothing from Keystone fails (it
--  could not have known).
SELECT x.seq, x.method, x.path, x.status, 'a write in the second run' AS problem
FROM exchanges x
WHERE x.phase = 'scenario:run2' AND x.vendor = 'keystone' AND x.direction = 'to_vendor'
  AND x.method IN ('POST', 'PUT') AND x.status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'run2 sent Keystone no request'
WHERE NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = 'scenario:run2' AND x.vendor = 'keystone'
                  AND x.direction = 'to_vendor')
