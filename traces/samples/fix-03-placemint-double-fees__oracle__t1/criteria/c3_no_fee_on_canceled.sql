-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-fee-on-canceled
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No fee was posted for a canceled placement (fails too when no fee was posted at all).
WITH new_fees AS (
    SELECT * FROM state.placemint_fees WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fees)
)
SELECT f.id AS fee_id, f.placement_id, f.week, p.status AS placement_status
FROM new_fees f JOIN cp_initial.placemint_placements p ON p.id = f.placement_id
WHERE p.status = 'canceled'
UNION ALL
SELECT 'no fee was posted', NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM new_fees)
