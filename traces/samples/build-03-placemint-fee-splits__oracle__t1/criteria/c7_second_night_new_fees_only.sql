-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-second-night-new-fees-only
-- category: integrity
-- weight: 1
-- description: The second night splits only the fees invoiced since the first (fails too when
--   the second night posted no split).
-- The answer key (ak_*) is in _answer_key.sql.
WITH night2 AS (
    SELECT * FROM state.placemint_fee_splits
    WHERE id NOT IN (SELECT id FROM cp_before_night2.placemint_fee_splits)
)
SELECT fee_id, partner_id, amount_cents FROM night2 WHERE fee_id NOT IN (SELECT fee_id FROM ak_new_fees)
UNION ALL
SELECT 'the second night posted no split', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM night2)
