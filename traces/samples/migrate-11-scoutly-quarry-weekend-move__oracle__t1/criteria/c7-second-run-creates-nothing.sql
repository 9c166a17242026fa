-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-second-run-creates-nothing
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: The second run creates nothing in Quarry (no *.create call Quarry answered with
--   success true). Without any candidate beyond the pilot's at the end there is nothing the
--   rerun could have repeated: a violation.
SELECT seq, path, status
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'quarry' AND phase = 'scenario:run2'
  AND path LIKE '/%.create' AND status = 200
  AND CASE WHEN json_valid(resp_body) THEN json_extract(resp_body, '$.success') = 'true'::JSON ELSE FALSE END
UNION ALL
SELECT NULL, 'no candidate beyond the pilot''s at the end', NULL
WHERE NOT EXISTS (SELECT 1 FROM state.quarry_candidates
                  WHERE id NOT IN (SELECT id FROM cp_initial.quarry_candidates))
