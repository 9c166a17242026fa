-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-genuine-acknowledged
-- category: resilience
-- weight: 1
-- mandatory: false
-- population: SELECT count(*) FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'scoutly' AND forged IS NULL AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL
-- description: Scoutly's genuine deliveries are answered 2xx within its 10 s deadline. Guarded: no
--  genuine delivery at all (the subscription never went active) proves nothing.
SELECT seq, phase, status, duration_ms, req_headers->>'$."scoutly-event-name"' AS event
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'scoutly' AND forged IS NULL
  AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL
  AND (status IS NULL OR status NOT BETWEEN 200 AND 299 OR duration_ms > 10000)
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'no genuine delivery reached the receiver'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'scoutly'
                  AND forged IS NULL AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL)
