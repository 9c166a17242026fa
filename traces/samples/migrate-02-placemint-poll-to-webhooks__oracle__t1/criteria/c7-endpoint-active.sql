-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-endpoint-active
-- category: correctness
-- weight: 1
-- description: At the end, an enabled Placemint webhook endpoint points at our receiver (the URL
--  deliveries reached) and subscribes to placement events.
SELECT 'no enabled endpoint for the receiver subscribed to placement events' AS problem
WHERE NOT EXISTS (
    SELECT 1 FROM state.placemint_webhook_subscriptions s
    WHERE s.active
      AND (CAST(s.events AS VARCHAR) LIKE '%"*"%' OR CAST(s.events AS VARCHAR) LIKE '%placement.updated%')
      AND s.url IN (SELECT url FROM exchanges WHERE direction = 'to_receiver' AND forged IS NULL
                    AND status BETWEEN 200 AND 299)
)
