-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-genuine-acknowledged
-- category: resilience
-- weight: 1
-- population: SELECT count(*) FROM exchanges WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'clearcheck'
-- description: Genuine ClearCheck deliveries (their first attempts and any retries) are answered 2xx.
SELECT 'no genuine delivery in the scenario' AS problem, NULL AS seq, NULL AS status, NULL AS webhook_id
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'clearcheck')
UNION ALL
SELECT 'not acknowledged', seq, status, req_headers->>'$."webhook-id"'
FROM exchanges
WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'clearcheck'
  AND (status IS NULL OR status NOT BETWEEN 200 AND 299)
