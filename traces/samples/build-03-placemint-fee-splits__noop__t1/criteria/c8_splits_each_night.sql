-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-splits-each-night
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM cp_initial.placemint_fees f JOIN (SELECT fee_id FROM ak_split_key UNION ALL SELECT fee_id FROM ak_key_fees WHERE placement_id NOT IN (SELECT placement_id FROM ak_credit)) k ON k.fee_id = f.id WHERE f.status = 'invoiced' AND f.split_count = 0) + (SELECT count(*) FROM ak_new_splits)
-- description: After night 1 (checkpoint night1) every fee that was invoiced without splits at the start
--   has exactly its splits, each with the largest-remainder amount and the partner's share_bp (10000
--   for HOUSE) — a fee voided the next day included; and every split the job created by the end
--   records its partner's share_bp.
-- The ticket asks for each split's share (share_bp) and for every night's result; amounts at the
-- end are c1/c2/c5's. The answer key (ak_*) is in _answer_key.sql.
WITH night1_fees AS (
    SELECT id AS fee_id FROM cp_initial.placemint_fees WHERE status = 'invoiced' AND split_count = 0
), want AS (
    SELECT k.fee_id, k.partner_id, k.amount, c.share_bp
    FROM ak_split_key k
    JOIN ak_key_fees f ON f.fee_id = k.fee_id
    JOIN ak_credit c ON c.placement_id = f.placement_id AND c.partner_id = k.partner_id
    UNION ALL
    SELECT fee_id, 'HOUSE', amount_cents, 10000 FROM ak_key_fees
    WHERE placement_id NOT IN (SELECT placement_id FROM ak_credit)
), got1 AS (
    SELECT * FROM cp_night1.placemint_fee_splits WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fee_splits)
)
SELECT 'night1' AS checkpoint, w.fee_id, w.partner_id,
       CASE WHEN g.id IS NULL THEN 'no split for this partner' ELSE 'amount or share_bp differs' END AS problem,
       w.amount AS expected_cents, g.amount_cents AS split_cents, w.share_bp AS expected_share_bp, g.share_bp AS split_share_bp
FROM want w JOIN night1_fees n ON n.fee_id = w.fee_id
LEFT JOIN got1 g ON g.fee_id = w.fee_id AND g.partner_id = w.partner_id
WHERE g.id IS NULL OR g.amount_cents IS DISTINCT FROM w.amount OR g.share_bp IS DISTINCT FROM w.share_bp
UNION ALL
SELECT 'night1', g.fee_id, g.partner_id, 'partner not on the credit sheet', NULL, g.amount_cents, NULL, g.share_bp
FROM got1 g ANTI JOIN want w ON w.fee_id = g.fee_id AND w.partner_id = g.partner_id
UNION ALL
SELECT 'night1', fee_id, partner_id, 'credited ' || count(*) || ' times', NULL, NULL, NULL, NULL
FROM got1 GROUP BY fee_id, partner_id HAVING count(*) > 1
UNION ALL
SELECT 'final', s.fee_id, s.partner_id, 'share_bp differs', w.amount, s.amount_cents, w.share_bp, s.share_bp
FROM ak_new_splits s JOIN want w ON w.fee_id = s.fee_id AND w.partner_id = s.partner_id
WHERE s.share_bp IS DISTINCT FROM w.share_bp
