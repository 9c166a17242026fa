-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-placement-once
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_expected WHERE cp IN ('cp1', 'cp2', 'final')
-- description: Every Benchline placement of rule 1 has its Placemint placement (external_ref
--  BL-<id>): after migrate (cp1) every one in scope when the backfill began, after each catchup
--  (cp2, final) every one in scope then. external_ref is unique in Placemint, so "exactly one"
--  by reference is this; records of another shape are c4's.
SELECT k.cp, k.id AS benchline_id, 'no Placemint placement ' || k.external_ref AS problem
FROM ak_expected k
LEFT JOIN ak_placemint pm ON pm.cp = k.cp AND pm.external_ref = k.external_ref
WHERE pm.id IS NULL
  AND (k.cp IN ('cp2', 'final')
       OR (k.cp = 'cp1' AND k.id IN (SELECT id FROM cp_initial.benchline_placements
                                     WHERE NOT (status = 'Terminated' AND date_end < DATE '2026-01-01'))))
