-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-genuine-acknowledged
-- category: resilience
-- weight: 1
-- population: SELECT count(*) FROM exchanges WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint' AND (length(coalesce(req_headers->>'$."placemint-signature"', '')) - length(replace(coalesce(req_headers->>'$."placemint-signature"', ''), 'v1=', ''))) / 3 < 2
-- description: Genuine deliveries (one signature, with the secret we hold) are answered 2xx.
--  The rotation-signed delivery is C5's.
SELECT seq, phase, status, req_headers->>'$."placemint-event-id"' AS event_id
FROM exchanges
WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
  AND (length(coalesce(req_headers->>'$."placemint-signature"', ''))
       - length(replace(coalesce(req_headers->>'$."placemint-signature"', ''), 'v1=', ''))) / 3 < 2
  AND (status IS NULL OR status NOT BETWEEN 200 AND 299)
