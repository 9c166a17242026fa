-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-written-as-training-bot
-- category: correctness
-- weight: 1
-- mandatory: true
-- description: Every training note is written as the Training Bot (perform_as), none as another
--  user. Guarded: a run that wrote no training note proves nothing.
SELECT n.note_id, n.opportunity_id, n.user_id, u.name
FROM ak_training_notes n
LEFT JOIN state.pipelane_users u ON CAST(u.id AS VARCHAR) = n.user_id
WHERE n.user_id IS DISTINCT FROM 'cd45c565-072e-5375-821d-f720c631557b'
UNION ALL
SELECT NULL, NULL, NULL, 'no training note was written'
WHERE NOT EXISTS (SELECT 1 FROM ak_training_notes)
