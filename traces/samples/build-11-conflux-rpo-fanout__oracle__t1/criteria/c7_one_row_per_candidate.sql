-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-one-row-per-candidate
-- category: integrity
-- weight: 1
-- description: At the end the table holds each (client, remote_id) once, and nothing that is not a
--  candidate of that client in Conflux (an empty table fails).
SELECT client, remote_id, 'stored ' || n || ' times' AS problem FROM o_cand WHERE cp = 'final' AND n > 1
UNION ALL
SELECT o.client, o.remote_id, 'not a candidate of that client in Conflux' FROM o_cand o
WHERE o.cp = 'final'
  AND NOT EXISTS (SELECT 1 FROM k_cand k WHERE k.client = o.client AND k.remote_id = o.remote_id)
UNION ALL
SELECT NULL, NULL, 'the table is empty or missing' WHERE NOT EXISTS (SELECT 1 FROM o_cand WHERE cp = 'final')
