-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-house-account
-- category: correctness
-- weight: 2
-- population: SELECT count(*) FROM ak_job WHERE placement_id NOT IN (SELECT placement_id FROM ak_credit)
-- description: A fee whose placement has no credit-sheet row is credited 100 % to HOUSE: it has
--   a HOUSE split of the whole amount and no other partner.
-- The answer key (ak_*) is in _answer_key.sql.
WITH house AS (
    SELECT * FROM ak_key_fees WHERE placement_id NOT IN (SELECT placement_id FROM ak_credit)
)
SELECT s.fee_id, s.partner_id, s.amount_cents AS split_cents, f.amount_cents AS fee_cents,
       'not a HOUSE split of the whole fee' AS problem
FROM ak_new_splits s JOIN house f ON f.fee_id = s.fee_id  -- the splits the scenario created (see c2)
WHERE s.partner_id <> 'HOUSE' OR s.amount_cents <> f.amount_cents
UNION ALL
SELECT f.fee_id, NULL, NULL, f.amount_cents, 'no HOUSE split'
FROM house f
WHERE f.to_split AND f.status <> 'void'
  AND NOT EXISTS (SELECT 1 FROM state.placemint_fee_splits s WHERE s.fee_id = f.fee_id AND s.partner_id = 'HOUSE')
