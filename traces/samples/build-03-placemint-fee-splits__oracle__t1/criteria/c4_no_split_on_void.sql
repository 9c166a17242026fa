-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-split-on-void
-- category: integrity
-- weight: 2
-- description: No split was created on a fee after it was voided (fails too when no split was
--   posted at all).
-- The answer key (ak_*) is in _answer_key.sql.
SELECT s.id AS split_id, s.fee_id, s.created_at, f.voided_at
FROM state.placemint_fee_splits s JOIN state.placemint_fees f ON f.id = s.fee_id
WHERE f.voided_at IS NOT NULL AND CAST(s.created_at AS TIMESTAMP) >= CAST(f.voided_at AS TIMESTAMP)
UNION ALL
SELECT 'no split was posted', NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM ak_new_splits)
