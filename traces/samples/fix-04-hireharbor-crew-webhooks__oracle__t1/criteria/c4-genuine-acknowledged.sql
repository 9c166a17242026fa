-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-genuine-acknowledged
-- category: resilience
-- weight: 2
-- mandatory: false
-- description: HireHarbor's own deliveries are answered 2xx within its documented 10 s, so it
--  never has to send them again. A delivery the office's dropped line answered in the receiver's
--  place (a recorder fault: the receiver never saw it) is not the receiver's answer. Guarded: no
--  genuine delivery at all proves nothing.
SELECT seq, phase, status, duration_ms, req_headers->>'$."hireharbor-event"' AS event
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'hireharbor' AND forged IS NULL
  AND NOT (fault IS NOT NULL AND upstream_called IS NOT TRUE)
  AND (status IS NULL OR status NOT BETWEEN 200 AND 299 OR duration_ms > 10000)
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'no genuine delivery reached the receiver'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'hireharbor' AND forged IS NULL
                  AND NOT (fault IS NOT NULL AND upstream_called IS NOT TRUE))
