-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-fees-reconciled
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_job
-- description: Every fee the job had to split (invoiced without splits at the start, or
--   invoiced by other users later, and not voided) has splits that add up to its amount.
-- The answer key (ak_*) is in _answer_key.sql.
SELECT j.fee_id, j.amount_cents AS fee_cents, coalesce(s.n, 0) AS splits, s.total AS split_total_cents
FROM ak_job j
LEFT JOIN (SELECT fee_id, count(*) AS n, sum(amount_cents) AS total
           FROM state.placemint_fee_splits GROUP BY fee_id) s ON s.fee_id = j.fee_id
WHERE s.n IS NULL OR s.total <> j.amount_cents
