-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-fee-per-week
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: No placement has two fees for one week (fails too when no fee was posted at all).
WITH new_fees AS (
    SELECT * FROM state.placemint_fees WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fees)
)
SELECT placement_id, week, count(*) AS fees, list(id ORDER BY seq) AS fee_ids
FROM state.placemint_fees GROUP BY placement_id, week HAVING count(*) > 1
UNION ALL
SELECT 'no fee was posted', NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM new_fees)
