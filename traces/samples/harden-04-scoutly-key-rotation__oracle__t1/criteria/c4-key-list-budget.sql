-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-key-list-budget
-- category: conduct
-- weight: 2
-- description: The signing-key list (GET /v1/subscriptions/{id}/secret-keys, 6 calls a minute,
--  documented) is read within its budget: never more than 12 calls (refused ones included) in any
--  60 s, the most a client keeping to a fixed 6-per-minute window can send across a window
--  boundary. Guarded: a receiver that never read the list during the scenario cannot know the key
--  Scoutly rotated to (the list is the only place it appears).
WITH k AS (
    SELECT seq, started_at FROM exchanges
    WHERE vendor = 'scoutly' AND direction = 'to_vendor' AND method = 'GET'
      AND path LIKE '/v1/subscriptions/%/secret-keys'
), w AS (
    SELECT k.seq, k.started_at,
           (SELECT count(*) FROM k k2 WHERE k2.started_at > k.started_at - INTERVAL 60 SECOND
                                         AND k2.started_at <= k.started_at) AS in_last_minute
    FROM k
)
SELECT seq, started_at, in_last_minute, 'more than 12 key-list calls in 60 s' AS problem FROM w WHERE in_last_minute > 12
UNION ALL
SELECT NULL, NULL, 0, 'the key list was never read during the scenario' WHERE NOT EXISTS (SELECT 1 FROM k)
