-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-fee-events-once
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Each genuine fee event is booked exactly once in ledger fees, however many times
--  it was delivered (redeliveries, in-window replays and concurrent duplicates may be
--  acknowledged, their effect counts once). The event signed during the secret rotation is C5's.
--  An empty fee ledger fails.
WITH g AS (
    SELECT TRY_CAST(req_body AS JSON) AS b,
           (length(coalesce(req_headers->>'$."placemint-signature"', ''))
            - length(replace(coalesce(req_headers->>'$."placemint-signature"', ''), 'v1=', ''))) / 3 AS n_sigs
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
), k AS (
    SELECT DISTINCT b->>'$.id' AS event_id FROM g WHERE b->>'$.type' LIKE 'fee.%' AND n_sigs < 2
), o AS (
    SELECT CAST(event_id AS VARCHAR) AS event_id FROM output.ledger_fees
)
SELECT event_id, 'booked ' || count(*) || ' times' AS problem
FROM o GROUP BY event_id HAVING count(*) > 1
UNION ALL
SELECT k.event_id, 'genuine fee event not booked' FROM k ANTI JOIN o ON o.event_id = k.event_id
UNION ALL
SELECT NULL, 'the fee ledger is empty' WHERE (SELECT count(*) FROM o) = 0
