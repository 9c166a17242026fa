-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-withdrawn-removed
-- category: correctness
-- weight: 2
-- mandatory: false
-- description: Hires that moved away from HIRED after the backfill (offers withdrawn) are off the
--  board at the end. Guarded: an empty board, or a scenario without such a move, proves nothing.
SELECT o.application_id, 'still on the board as ' || a.status AS problem
FROM board_final o
JOIN cp_backfilled.scoutly_applications b ON b.id = o.application_id AND b.status = 'HIRED'
JOIN state.scoutly_applications a ON a.id = o.application_id AND a.status <> 'HIRED'
UNION ALL
SELECT NULL, 'the board is empty' WHERE NOT EXISTS (SELECT 1 FROM board_final)
UNION ALL
SELECT NULL, 'no hire moved away from HIRED after the backfill'
WHERE NOT EXISTS (SELECT 1 FROM cp_backfilled.scoutly_applications b
                  JOIN state.scoutly_applications a ON a.id = b.id
                  WHERE b.status = 'HIRED' AND a.status <> 'HIRED')
