-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-nothing-for-the-not-hired
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: No training note on, and no training row for, an opportunity Pipelane does not show
--  as hired (edited deliveries named three people who were never hired). Guarded: a run that
--  booked nothing at all proves nothing.
SELECT 'note on an opportunity that is not hired' AS problem, n.opportunity_id, o.stage
FROM ak_training_notes n
LEFT JOIN state.pipelane_opportunities o ON CAST(o.id AS VARCHAR) = n.opportunity_id
WHERE o.stage IS DISTINCT FROM 'hired'
UNION ALL
SELECT 'training row for an opportunity that is not hired', r.opportunity_id, o.stage
FROM ak_training_rows r
LEFT JOIN state.pipelane_opportunities o ON CAST(o.id AS VARCHAR) = r.opportunity_id
WHERE o.stage IS DISTINCT FROM 'hired'
UNION ALL
SELECT 'nothing was booked', NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM ak_training_notes) AND NOT EXISTS (SELECT 1 FROM ak_training_rows)
