-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-rotation-event-booked
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: The fee event Placemint signed during the secret rotation (two v1 signatures, one
--  with the secret we hold) is booked. Guarded: it proves nothing when the receiver also accepts
--  deliveries signed with a wrong secret, or when no rotation-signed delivery was made.
WITH g AS (
    SELECT TRY_CAST(req_body AS JSON) AS b,
           (length(coalesce(req_headers->>'$."placemint-signature"', ''))
            - length(replace(coalesce(req_headers->>'$."placemint-signature"', ''), 'v1=', ''))) / 3 AS n_sigs
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
), r AS (
    SELECT DISTINCT b->>'$.id' AS event_id FROM g WHERE n_sigs >= 2 AND b->>'$.type' LIKE 'fee.%'
)
SELECT r.event_id, 'rotation-signed fee event not booked' AS problem
FROM r ANTI JOIN output.ledger_fees o ON CAST(o.event_id AS VARCHAR) = r.event_id
UNION ALL
SELECT NULL, 'no rotation-signed delivery reached the receiver' WHERE (SELECT count(*) FROM r) = 0
UNION ALL
SELECT NULL, 'the receiver acknowledged a delivery signed with a wrong secret, so accepting the rotation-signed one proves nothing'
WHERE EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND forged = 'bad_signature'
              AND status BETWEEN 200 AND 299)
