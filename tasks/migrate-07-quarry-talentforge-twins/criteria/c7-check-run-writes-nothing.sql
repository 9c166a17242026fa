-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-check-run-writes-nothing
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: Monday's check (the second catchup, run3: nothing changed in Quarry since Friday's)
--  creates and changes nothing in TalentForge (no successful POST, PUT, PATCH or DELETE other than a
--  token request). Without any QY- candidate at the end there is nothing the check could have
--  repeated: a violation.
SELECT seq, method, path, status
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'talentforge' AND phase = 'scenario:run3'
  AND upper(method) IN ('POST', 'PUT', 'PATCH', 'DELETE') AND status BETWEEN 200 AND 299
  AND path NOT LIKE '/oauth/%'
UNION ALL
SELECT NULL, NULL, 'no QY- candidate at the end', NULL
WHERE NOT EXISTS (SELECT 1 FROM state.talentforge_candidates WHERE external_id LIKE 'QY-%')
