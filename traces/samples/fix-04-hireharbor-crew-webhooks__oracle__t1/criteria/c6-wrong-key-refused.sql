-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-wrong-key-refused
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: Regression guard (the starter passes it): HireHarbor-looking deliveries signed with
--  a wrong key or edited in transit, which make no claim to be anything special, are answered
--  with a non-2xx status. Guarded: none sent proves nothing.
SELECT seq, forged, status
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'hireharbor' AND forged IN ('bad_signature', 'tampered_body')
  AND coalesce(req_headers->>'$."hireharbor-event"', '') <> 'ping'
  AND status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, 'none sent', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'hireharbor'
                  AND forged IN ('bad_signature', 'tampered_body')
                  AND coalesce(req_headers->>'$."hireharbor-event"', '') <> 'ping')
