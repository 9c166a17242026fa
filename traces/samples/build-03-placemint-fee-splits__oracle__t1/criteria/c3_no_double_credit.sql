-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-double-credit
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No partner is credited twice on one fee (fails too when no split was posted at all).
-- The answer key (ak_*) is in _answer_key.sql.
SELECT fee_id, partner_id, count(*) AS splits
FROM state.placemint_fee_splits GROUP BY fee_id, partner_id HAVING count(*) > 1
UNION ALL
SELECT 'no split was posted', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM ak_new_splits)
