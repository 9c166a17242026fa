-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key the criteria select from, created on the
-- grading connection before the criteria run (docs/grader.md, "Shared definitions").
--   ak_mut         every op of the scenario's mutate steps as sent, with the result the vendor answered
--   ak_new_fees    the fees other users created during the scenario (ids from the answers)
--   ak_voided      the fees other users voided
--   ak_key_fees    every fee with the amount and status other users gave it; to_split: the
--                  nightly job's work (invoiced without splits at the start, or invoiced later)
--   ak_job         the fees the job had to split: to_split and not voided
--   ak_new_splits  the splits created during the scenario (in the final state, not at the start)
--   ak_credit      materials/credit_sheet.csv as handed out; ord = position within the placement
--   ak_split_key   the largest-remainder allocation of every fee with credit-sheet rows
CREATE OR REPLACE TEMP VIEW ak_mut AS
    -- the ops as sent (`sent`: in a variant, keys of the stand-ins; docs/variants.md)
    SELECT coalesce(json_extract(e.data, '$.sent[' || i || ']'), json_extract(e.payload, '$.ops[' || i || ']')) AS op,
           json_extract(e.result, '$.results[' || i || ']') AS res
    FROM events e, range(CAST(json_array_length(json_extract(e.payload, '$.ops')) AS BIGINT)) r(i)
    WHERE e.type = 'step' AND e.kind = 'mutate' AND e.vendor = 'placemint';

CREATE OR REPLACE TEMP VIEW ak_new_fees AS
    SELECT res ->> '$.ids[0]' AS fee_id, op ->> '$.values.placement_id' AS placement_id,
           CAST(op ->> '$.values.amount_cents' AS BIGINT) AS amount_cents,
           coalesce(op ->> '$.values.status', 'invoiced') AS status
    FROM ak_mut WHERE op ->> '$.op' = 'create' AND op ->> '$.table' = 'fees';

CREATE OR REPLACE TEMP VIEW ak_voided AS
    SELECT DISTINCT unnest(from_json(json_extract(res, '$.ids'), '["VARCHAR"]')) AS fee_id
    FROM ak_mut WHERE op ->> '$.op' = 'update' AND op ->> '$.table' = 'fees' AND op ->> '$.values.status' = 'void';

CREATE OR REPLACE TEMP VIEW ak_key_fees AS
    SELECT f.id AS fee_id, f.placement_id, f.amount_cents,
           CASE WHEN f.id IN (SELECT fee_id FROM ak_voided) THEN 'void' ELSE f.status END AS status,
           f.status = 'invoiced' AND f.split_count = 0 AS to_split
    FROM cp_initial.placemint_fees f
    UNION ALL
    SELECT n.fee_id, n.placement_id, n.amount_cents,
           CASE WHEN n.fee_id IN (SELECT fee_id FROM ak_voided) THEN 'void' ELSE n.status END,
           n.status = 'invoiced'
    FROM ak_new_fees n;

CREATE OR REPLACE TEMP VIEW ak_job AS
    SELECT * FROM ak_key_fees WHERE to_split AND status <> 'void';

CREATE OR REPLACE TEMP VIEW ak_new_splits AS
    SELECT * FROM state.placemint_fee_splits
    WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fee_splits);

-- materials/credit_sheet.csv as the run handed it out (its `materials` event; in a variant the
-- placements are their stand-ins: docs/variants.md, "Materials")
CREATE OR REPLACE TEMP VIEW ak_credit(placement_id, ord, partner_id, share_bp) AS
    WITH handed AS (
        SELECT unnest(CAST(data -> '$.rows' AS JSON[])) AS r,
               generate_subscripts(CAST(data -> '$.rows' AS JSON[]), 1) AS row_no
        FROM events WHERE type = 'materials' AND data ->> '$.file' = 'credit_sheet.csv')
    SELECT r ->> 'placement_id', row_number() OVER (PARTITION BY r ->> 'placement_id' ORDER BY row_no),
           r ->> 'partner_id', CAST(r ->> 'share_bp' AS INTEGER)
    FROM handed;

CREATE OR REPLACE TEMP VIEW ak_split_key AS
    WITH alloc AS (
        SELECT f.fee_id, c.partner_id, c.ord, f.amount_cents,
               (f.amount_cents * c.share_bp) // 10000 AS base,
               (f.amount_cents * c.share_bp) % 10000 AS rem
        FROM ak_key_fees f JOIN ak_credit c ON c.placement_id = f.placement_id
    ), ranked AS (
        SELECT *, row_number() OVER (PARTITION BY fee_id ORDER BY rem DESC, ord) AS rk,
               amount_cents - sum(base) OVER (PARTITION BY fee_id) AS leftover
        FROM alloc
    )
    -- floors, then the leftover cents to the largest remainders, ties to the partner listed first
    SELECT fee_id, partner_id, base + CASE WHEN rk <= leftover THEN 1 ELSE 0 END AS amount
    FROM ranked;
