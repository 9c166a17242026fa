-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-rerun-changes-nothing
-- category: integrity
-- weight: 1
-- description: Running W10 a second time created no fee and changed none (fails too when the
--   first W10 run posted nothing, so there was nothing to re-run over).
WITH before AS (SELECT * FROM cp_after_w10.placemint_fees),
after AS (SELECT * FROM cp_after_w10_rerun.placemint_fees)
SELECT a.id AS fee_id, 'created by the re-run' AS problem
FROM after a WHERE a.id NOT IN (SELECT id FROM before)
UNION ALL
SELECT a.id, 'changed by the re-run'
FROM after a JOIN before b ON b.id = a.id
WHERE a.amount_cents IS DISTINCT FROM b.amount_cents OR a.status IS DISTINCT FROM b.status
   OR a.placement_id IS DISTINCT FROM b.placement_id OR a.week IS DISTINCT FROM b.week
   OR a.approved_hours IS DISTINCT FROM b.approved_hours OR a.version IS DISTINCT FROM b.version
UNION ALL
SELECT 'the first W10 run posted no fee', NULL
WHERE NOT EXISTS (SELECT 1 FROM before WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fees))
