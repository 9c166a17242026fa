-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-placement-once
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM cp_initial.staffline_placements WHERE status = 'Active' OR (status = 'Ended' AND end_date > DATE '2025-11-30')
-- description: Every StaffLine placement in scope when the migration started (Active, or Ended
--  after 2025-11-30) has exactly one Placemint placement with external_ref SL-<id> at the end
--  (created, or the adopted pilot record).
WITH scope0 AS (
    SELECT id FROM cp_initial.staffline_placements
    WHERE status = 'Active' OR (status = 'Ended' AND end_date > DATE '2025-11-30')
), pm AS (
    SELECT external_ref, count(*) AS n FROM state.placemint_placements
    WHERE external_ref LIKE 'SL-%' GROUP BY external_ref
)
SELECT s.id AS staffline_id, coalesce(pm.n, 0) AS placemint_records
FROM scope0 s LEFT JOIN pm ON pm.external_ref = 'SL-' || CAST(s.id AS VARCHAR)
WHERE coalesce(pm.n, 0) <> 1
