-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-check-run-changes-nothing
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The check run (run 3, everything already there) makes no successful write to HireHarbor.
--  Fails when nothing had been migrated before it.
SELECT seq, method, path, status, 'a successful write in the check run' AS problem
FROM exchanges
WHERE phase = 'scenario:run3' AND vendor = 'hireharbor' AND direction = 'to_vendor'
  AND method IN ('POST', 'PUT', 'PATCH', 'DELETE') AND status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'nothing had been migrated before the check run'
WHERE NOT EXISTS (SELECT 1 FROM cp_cp2.hireharbor_candidates WHERE id NOT IN (SELECT id FROM cp_initial.hireharbor_candidates))
