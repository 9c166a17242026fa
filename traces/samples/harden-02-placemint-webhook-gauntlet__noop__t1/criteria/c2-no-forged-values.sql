-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-no-forged-values
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: Nothing in the ledger comes only from a forged delivery: no event id, fee amount
--  or placement state (status, version) that only forged payloads carried. An empty ledger fails.
WITH g AS (
    SELECT TRY_CAST(req_body AS JSON) AS b
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
), f AS (
    SELECT forged, TRY_CAST(req_body AS JSON) AS b
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NOT NULL
), genuine_ids AS (
    SELECT DISTINCT b->>'$.id' AS event_id FROM g WHERE b->>'$.id' IS NOT NULL
), forged_ids AS (
    SELECT b->>'$.id' AS event_id, min(forged) AS kind FROM f
    WHERE b->>'$.id' IS NOT NULL AND b->>'$.id' NOT IN (SELECT event_id FROM genuine_ids)
    GROUP BY 1
), genuine_amounts AS (
    SELECT TRY_CAST(b->>'$.data.object.amount_cents' AS BIGINT) AS amount FROM g
    UNION SELECT amount_cents FROM state.placemint_fees
    UNION SELECT amount_cents FROM cp_initial.placemint_fees
), forged_amounts AS (
    SELECT TRY_CAST(b->>'$.data.object.amount_cents' AS BIGINT) AS amount, min(forged) AS kind FROM f
    WHERE TRY_CAST(b->>'$.data.object.amount_cents' AS BIGINT) IS NOT NULL
    GROUP BY 1
    HAVING amount NOT IN (SELECT amount FROM genuine_amounts WHERE amount IS NOT NULL)
), genuine_states AS (
    SELECT b->>'$.data.object.id' AS id, b->>'$.data.object.status' AS status,
           TRY_CAST(b->>'$.data.object.version' AS BIGINT) AS version
    FROM g WHERE b->>'$.data.object.object' = 'placement'
    UNION SELECT id, status, version FROM state.placemint_placements
), forged_states AS (
    SELECT b->>'$.data.object.id' AS id, b->>'$.data.object.status' AS status,
           TRY_CAST(b->>'$.data.object.version' AS BIGINT) AS version, min(forged) AS kind
    FROM f WHERE b->>'$.data.object.object' = 'placement'
    GROUP BY 1, 2, 3
), forged_only_states AS (
    SELECT fs.* FROM forged_states fs
    ANTI JOIN genuine_states gs
      ON gs.id = fs.id AND gs.status IS NOT DISTINCT FROM fs.status AND gs.version IS NOT DISTINCT FROM fs.version
), fees AS (
    SELECT CAST(event_id AS VARCHAR) AS event_id, CAST(fee_id AS VARCHAR) AS fee_id,
           TRY_CAST(amount_cents AS BIGINT) AS amount_cents
    FROM output.ledger_fees
), plc AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(status AS VARCHAR) AS status, TRY_CAST(version AS BIGINT) AS version
    FROM output.ledger_placements
)
SELECT 'event id only a forgery carried' AS problem, fees.event_id AS value, fi.kind, fees.fee_id AS record
FROM fees JOIN forged_ids fi ON fi.event_id = fees.event_id
UNION ALL
SELECT 'fee amount only a forgery carried', CAST(fees.amount_cents AS VARCHAR), fa.kind, fees.fee_id
FROM fees JOIN forged_amounts fa ON fa.amount = fees.amount_cents
UNION ALL
SELECT 'placement state only a forgery carried', plc.status || ' v' || CAST(plc.version AS VARCHAR), fs.kind, plc.id
FROM plc JOIN forged_only_states fs
  ON fs.id = plc.id AND fs.status IS NOT DISTINCT FROM plc.status AND fs.version IS NOT DISTINCT FROM plc.version
UNION ALL
SELECT 'the ledger is empty', NULL, NULL, NULL
WHERE (SELECT count(*) FROM fees) = 0 AND (SELECT count(*) FROM plc) = 0
