-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-duplicates
-- category: integrity
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM state.placemint_placements
-- description: Placemint holds nothing but one placement per placement of rule 1: no record
--  without a BL- reference or with the reference of a placement rule 1 leaves behind (a second
--  record after a lost answer, an excluded one), and no placement with two fee schedules
--  starting on the same day (a schedule repeated). Fails when Placemint is empty.
SELECT pm.id AS placemint_id, pm.external_ref, 'not one of the placements rule 1 brings over' AS problem
FROM state.placemint_placements pm
WHERE pm.external_ref IS NULL
   OR pm.external_ref NOT IN (SELECT external_ref FROM ak_expected WHERE cp = 'final')
UNION ALL
SELECT s.placement_id, min(s.id), 'fee schedules ' || string_agg(s.id, ', ') || ' both from ' || CAST(s.effective_from AS VARCHAR)
FROM state.placemint_fee_schedules s
GROUP BY s.placement_id, s.effective_from
HAVING count(*) > 1
UNION ALL
SELECT NULL, NULL, 'Placemint has no placement' WHERE NOT EXISTS (SELECT 1 FROM state.placemint_placements)
