-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-forged-refused
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: Deliveries signed with a wrong secret, or stamped more than 5 minutes ago, are
--  refused (not answered 2xx). Edited copies of genuine deliveries, replays and duplicates may be
--  acknowledged: their effect is c1's and c3's. Guarded: the forgeries must have been sent.
SELECT seq, forged, status
FROM exchanges
WHERE direction = 'to_receiver' AND forged IN ('bad_signature', 'stale_timestamp')
  AND status BETWEEN 200 AND 299
UNION ALL
SELECT NULL, 'no wrong-secret or stale delivery was sent', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND forged IN ('bad_signature', 'stale_timestamp'))
