-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-genuine-acknowledged
-- category: resilience
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'scoutly' AND forged IS NULL AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL
-- description: Every genuine Scoutly delivery (before, during and after the key rotation) is
--  answered 2xx within Scoutly's 10 s deadline. Guarded: no genuine delivery at all proves nothing.
SELECT seq, phase, status, duration_ms, req_headers->>'$."scoutly-event-name"' AS event,
       CASE WHEN strpos(coalesce(req_headers->>'$."scoutly-signature"', ''), ';') > 0 THEN 'two keys' ELSE 'one key' END AS signed_with
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'scoutly' AND forged IS NULL
  AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL
  AND (status IS NULL OR status NOT BETWEEN 200 AND 299 OR duration_ms > 10000)
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'no genuine delivery reached the receiver', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'scoutly'
                  AND forged IS NULL AND (req_headers->>'$."scoutly-event-id"') IS NOT NULL)
