-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-ledger-values
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Every ledger row holds what Placemint sent: a placement row at version v carries the
--  external_ref, client_code, job_title, candidate_name, rate_cents and updated_at of a genuine
--  delivery of that placement at version v; a fee line of a genuine event carries that event's type
--  and its fee id, placement, week, amount and status. Which version must be there is c3's; rows
--  only forged deliveries carried are c2's. An empty ledger fails.
WITH g AS (
    SELECT TRY_CAST(req_body AS JSON) AS b
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
), sent_plc AS (
    SELECT DISTINCT b->>'$.data.object.id' AS id, TRY_CAST(b->>'$.data.object.version' AS BIGINT) AS version,
           b->>'$.data.object.external_ref' AS external_ref, b->>'$.data.object.client_code' AS client_code,
           b->>'$.data.object.job_title' AS job_title, b->>'$.data.object.candidate_name' AS candidate_name,
           TRY_CAST(b->>'$.data.object.rate_cents' AS BIGINT) AS rate_cents,
           TRY_CAST(b->>'$.data.object.updated_at' AS TIMESTAMPTZ) AS updated_at
    FROM g WHERE b->>'$.data.object.object' = 'placement'
), sent_fee AS (
    SELECT DISTINCT b->>'$.id' AS event_id, b->>'$.type' AS event_type, b->>'$.data.object.id' AS fee_id,
           b->>'$.data.object.placement_id' AS placement_id, b->>'$.data.object.week' AS week,
           TRY_CAST(b->>'$.data.object.amount_cents' AS BIGINT) AS amount_cents, b->>'$.data.object.status' AS status
    FROM g WHERE b->>'$.type' LIKE 'fee.%'
), plc AS (
    SELECT CAST(id AS VARCHAR) AS id, TRY_CAST(version AS BIGINT) AS version, CAST(external_ref AS VARCHAR) AS external_ref,
           CAST(client_code AS VARCHAR) AS client_code, CAST(job_title AS VARCHAR) AS job_title,
           CAST(candidate_name AS VARCHAR) AS candidate_name, TRY_CAST(rate_cents AS BIGINT) AS rate_cents,
           TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) AS updated_at
    FROM output.ledger_placements
), fees AS (
    SELECT CAST(event_id AS VARCHAR) AS event_id, CAST(event_type AS VARCHAR) AS event_type,
           CAST(fee_id AS VARCHAR) AS fee_id, CAST(placement_id AS VARCHAR) AS placement_id,
           CAST(week AS VARCHAR) AS week, TRY_CAST(amount_cents AS BIGINT) AS amount_cents, CAST(status AS VARCHAR) AS status
    FROM output.ledger_fees
)
SELECT 'placement' AS kind, p.id AS record, 'not what Placemint sent with version ' || p.version AS problem,
       p.rate_cents AS ledger_rate_cents, p.job_title AS ledger_job_title
FROM plc p
WHERE p.id IN (SELECT id FROM sent_plc s WHERE s.version = p.version)
  AND NOT EXISTS (SELECT 1 FROM sent_plc s
                  WHERE s.id = p.id AND s.version = p.version
                    AND s.external_ref IS NOT DISTINCT FROM p.external_ref AND s.client_code IS NOT DISTINCT FROM p.client_code
                    AND s.job_title IS NOT DISTINCT FROM p.job_title AND s.candidate_name IS NOT DISTINCT FROM p.candidate_name
                    AND s.rate_cents IS NOT DISTINCT FROM p.rate_cents AND s.updated_at IS NOT DISTINCT FROM p.updated_at)
UNION ALL
SELECT 'fee', f.event_id, 'not what the event carried', f.amount_cents, f.status
FROM fees f
WHERE f.event_id IN (SELECT event_id FROM sent_fee)
  AND NOT EXISTS (SELECT 1 FROM sent_fee s
                  WHERE s.event_id = f.event_id AND s.event_type IS NOT DISTINCT FROM f.event_type
                    AND s.fee_id IS NOT DISTINCT FROM f.fee_id AND s.placement_id IS NOT DISTINCT FROM f.placement_id
                    AND s.week IS NOT DISTINCT FROM f.week AND s.amount_cents IS NOT DISTINCT FROM f.amount_cents
                    AND s.status IS NOT DISTINCT FROM f.status)
UNION ALL
SELECT NULL, NULL, 'the ledger is empty', NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM plc) AND NOT EXISTS (SELECT 1 FROM fees)
