-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-no-duplicates
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: Redeliveries and replays leave one row per application on the board. Guarded: an
--  empty board, or a scenario without replays, proves nothing.
SELECT application_id, 'listed ' || count(*) || ' times' AS problem
FROM board_final GROUP BY application_id HAVING count(*) > 1
UNION ALL
SELECT NULL, 'the board is empty' WHERE NOT EXISTS (SELECT 1 FROM board_final)
UNION ALL
SELECT NULL, 'no replay reached the receiver'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND forged = 'replay')
