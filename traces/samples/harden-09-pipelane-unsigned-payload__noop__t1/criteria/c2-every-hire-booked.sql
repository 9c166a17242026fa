-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-every-hire-booked
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: Every opportunity hired during the day carries the training note and has a row in
--  training.db naming the opportunity's contact (as Pipelane has it). More than one of either is
--  c3's.
SELECT h.opportunity_id, 'no training note' AS problem, NULL AS training_contact
FROM ak_hires h
WHERE h.opportunity_id NOT IN (SELECT opportunity_id FROM ak_training_notes)
UNION ALL
SELECT h.opportunity_id, 'no training row', NULL
FROM ak_hires h
WHERE h.opportunity_id NOT IN (SELECT opportunity_id FROM ak_training_rows)
UNION ALL
SELECT h.opportunity_id, 'training row names another contact', r.contact_id
FROM ak_hires h JOIN ak_training_rows r ON r.opportunity_id = h.opportunity_id
WHERE r.contact_id IS DISTINCT FROM h.contact_id
UNION ALL
SELECT NULL, 'no hire happened during the scenario', NULL
WHERE NOT EXISTS (SELECT 1 FROM ak_hires)
