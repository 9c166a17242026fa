-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-rerun-creates-nothing
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The third run (everything already done) creates nothing in Crewtide: no 2xx POST. Fails when
--   the scenario made no Crewtide create at all.
SELECT seq, path, status FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'crewtide' AND phase = 'scenario:run3' AND method = 'POST'
  AND status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, 'no Crewtide create in the scenario', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'crewtide'
                  AND method = 'POST' AND status BETWEEN 200 AND 299)
