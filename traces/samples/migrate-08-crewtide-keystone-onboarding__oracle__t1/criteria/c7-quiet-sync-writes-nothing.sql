-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-quiet-sync-writes-nothing
-- category: integrity
-- weight: 1
-- description: The second sync-progress (run3, nothing changed in Crewtide since run2) makes no
--  successful write to Keystone or Crewtide. Sentinel: run3 exited 0 and read Crewtide.
SELECT x.method, x.path, x.status
FROM exchanges x
WHERE x.phase = 'scenario:run3' AND x.direction = 'to_vendor' AND x.method IN ('POST', 'PUT', 'PATCH', 'DELETE')
  AND x.status BETWEEN 200 AND 299
UNION ALL
SELECT 'run3', 'did not exit 0 or never read Crewtide', NULL
WHERE NOT EXISTS (SELECT 1 FROM events WHERE type = 'step' AND step = 'run3' AND (result ->> 'exit_code') = '0')
   OR NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = 'scenario:run3' AND x.direction = 'to_vendor'
                  AND x.vendor = 'crewtide' AND x.method = 'GET' AND x.status = 200)
