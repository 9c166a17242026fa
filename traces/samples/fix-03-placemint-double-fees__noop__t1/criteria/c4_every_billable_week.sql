-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-every-billable-week
-- category: correctness
-- weight: 1
-- description: Every billable placement with an approved timesheet for a week the job ran has a
--   (non-void) fee for that week. The starter passes this: a regression guard.
WITH weeks AS (
    -- the weeks the scenario ran the job for: `post-fees --week <week>`
    SELECT DISTINCT json_extract_string(e.payload, '$.args[' || (list_position(from_json(json_extract(e.payload, '$.args'), '["VARCHAR"]'), '--week')) || ']') AS week
    FROM events e WHERE e.type = 'step' AND e.kind = 'run'
), exact AS (
    SELECT t.placement_id, t.week, t.fee_rate, t.approved_hours,
           CAST(t.fee_rate AS DECIMAL(18, 4)) * CAST(t.approved_hours AS DECIMAL(18, 2)) * 100 AS pence
    FROM cp_initial.placemint_timesheets t
    JOIN cp_initial.placemint_placements p ON p.id = t.placement_id
    WHERE t.week IN (SELECT week FROM weeks) AND p.status <> 'canceled'
), k AS (
    -- one fee per billable (placement, week): rate x hours in pence, rounded half-to-even
    SELECT placement_id, week, fee_rate, approved_hours,
           CAST(floor(pence) AS BIGINT) + CASE WHEN pence - floor(pence) > 0.5 THEN 1
                                               WHEN pence - floor(pence) < 0.5 THEN 0
                                               ELSE CAST(floor(pence) AS BIGINT) % 2 END AS amount_cents
    FROM exact
), new_fees AS (
    SELECT * FROM state.placemint_fees WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fees)
)
SELECT k.placement_id, k.week, k.amount_cents AS expected_cents
FROM k
WHERE NOT EXISTS (SELECT 1 FROM state.placemint_fees f
                  WHERE f.placement_id = k.placement_id AND f.week = k.week AND f.status <> 'void')
