-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-split-on-void
-- category: integrity
-- weight: 2
-- description: No split was created on a fee after it was voided (fails too when no split was
--   posted at all).
WITH mut AS (
    -- every op of the scenario's mutate steps, with the ids the vendor answered
    SELECT json_extract(e.payload, '$.ops[' || i || ']') AS op,
           json_extract(e.result, '$.results[' || i || ']') AS res
    FROM events e, range(CAST(json_array_length(json_extract(e.payload, '$.ops')) AS BIGINT)) r(i)
    WHERE e.type = 'step' AND e.kind = 'mutate' AND e.vendor = 'placemint'
), new_fees AS (
    SELECT res ->> '$.ids[0]' AS fee_id, op ->> '$.values.placement_id' AS placement_id,
           CAST(op ->> '$.values.amount_cents' AS BIGINT) AS amount_cents,
           coalesce(op ->> '$.values.status', 'invoiced') AS status
    FROM mut WHERE op ->> '$.op' = 'create' AND op ->> '$.table' = 'fees'
), voided AS (
    SELECT DISTINCT unnest(from_json(json_extract(res, '$.ids'), '["VARCHAR"]')) AS fee_id
    FROM mut WHERE op ->> '$.op' = 'update' AND op ->> '$.table' = 'fees' AND op ->> '$.values.status' = 'void'
), key_fees AS (
    -- every fee with the amount and status other users gave it; to_split: the nightly job's work
    SELECT f.id AS fee_id, f.placement_id, f.amount_cents,
           CASE WHEN f.id IN (SELECT fee_id FROM voided) THEN 'void' ELSE f.status END AS status,
           f.status = 'invoiced' AND f.split_count = 0 AS to_split
    FROM cp_initial.placemint_fees f
    UNION ALL
    SELECT n.fee_id, n.placement_id, n.amount_cents,
           CASE WHEN n.fee_id IN (SELECT fee_id FROM voided) THEN 'void' ELSE n.status END,
           n.status = 'invoiced'
    FROM new_fees n
), job AS (
    SELECT * FROM key_fees WHERE to_split AND status <> 'void'
), new_splits AS (
    SELECT * FROM state.placemint_fee_splits
    WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fee_splits)
)
SELECT s.id AS split_id, s.fee_id, s.created_at, f.voided_at
FROM state.placemint_fee_splits s JOIN state.placemint_fees f ON f.id = s.fee_id
WHERE f.voided_at IS NOT NULL AND CAST(s.created_at AS TIMESTAMP) >= CAST(f.voided_at AS TIMESTAMP)
UNION ALL
SELECT 'no split was posted', NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM new_splits)
