-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-largest-remainder
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_split_key WHERE fee_id IN (SELECT fee_id FROM ak_job)
-- description: On fees with credit-sheet rows, each partner's split is the largest-remainder
--   allocation (floors, leftover cents to the largest remainders, ties to the partner listed
--   first); a split for a partner not on the sheet, or a listed partner without one, is wrong.
-- The answer key (ak_*) is in _answer_key.sql.
-- The splits judged are those the scenario created (ak_new_splits); finance's splits from before are
-- left alone by the ticket's rule and cannot be changed through the API (create only); in a
-- variant they follow that dataset's own shares, not the sheet handed out (docs/variants.md).
WITH job AS (
    SELECT fee_id FROM ak_job WHERE placement_id IN (SELECT placement_id FROM ak_credit)
), splits AS (
    SELECT s.* FROM ak_new_splits s JOIN ak_key_fees f ON f.fee_id = s.fee_id
    WHERE f.placement_id IN (SELECT placement_id FROM ak_credit)
)
SELECT s.fee_id, s.partner_id, s.amount_cents AS split_cents, k.amount AS expected_cents,
       CASE WHEN k.amount IS NULL THEN 'partner not on the credit sheet' ELSE 'amount differs' END AS problem
FROM splits s LEFT JOIN ak_split_key k ON k.fee_id = s.fee_id AND k.partner_id = s.partner_id
WHERE k.amount IS NULL OR s.amount_cents <> k.amount
UNION ALL
SELECT k.fee_id, k.partner_id, NULL, k.amount, 'no split for this partner'
FROM ak_split_key k WHERE k.fee_id IN (SELECT fee_id FROM job)
  AND NOT EXISTS (SELECT 1 FROM splits s WHERE s.fee_id = k.fee_id AND s.partner_id = k.partner_id)
