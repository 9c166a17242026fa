-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-rerun-writes-nothing
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The migrate run once more after the final one (run3: everything moved, the week's changes
--   forwarded, the late applications brought over, nothing new in TalentForge) makes no successful write in
--   Pipelane. Fails when the scenario made no successful Pipelane write at all.
SELECT seq, method, path, status FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'pipelane' AND phase = 'scenario:run3'
  AND method IN ('POST', 'PUT', 'PATCH', 'DELETE') AND status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, NULL, 'no successful Pipelane write in the scenario', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'pipelane'
                  AND method IN ('POST', 'PUT') AND status BETWEEN 200 AND 299)
