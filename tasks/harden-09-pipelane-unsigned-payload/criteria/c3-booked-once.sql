-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-booked-once
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: No opportunity carries the training note twice, and none has two training rows:
--  replays, redeliveries, concurrent copies, edited copies and lost acknowledgements book once.
--  Guarded: a run that booked nothing at all proves nothing.
SELECT opportunity_id, count(*) || ' training notes' AS problem
FROM ak_training_notes GROUP BY opportunity_id HAVING count(*) > 1
UNION ALL
SELECT opportunity_id, count(*) || ' training rows'
FROM ak_training_rows GROUP BY opportunity_id HAVING count(*) > 1
UNION ALL
SELECT NULL, 'nothing was booked'
WHERE NOT EXISTS (SELECT 1 FROM ak_training_notes) AND NOT EXISTS (SELECT 1 FROM ak_training_rows)
