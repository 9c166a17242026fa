-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-live-never-deleted
-- category: correctness
-- weight: 4
-- mandatory: false
-- description: Nobody Greenhouse still has is reported deleted (the ticket: a `deleted` row starts
--  the erasure confirmation for that person, and the status describes the person as Greenhouse
--  has them today). A record Conflux keeps from before the re-link under the listed id, marked
--  remote-deleted next to the person's live record with the same Greenhouse id, is not a deletion
--  in Greenhouse. Guarded: an empty or missing report fails.
SELECT k.line, k.remote_id, k.listed_id, k.conflux_id AS live_id, o.conflux_id AS got_id, o.status AS got_status
FROM k_audit k JOIN o_ver o ON o.remote_id = k.remote_id
WHERE k.status = 'found' AND o.status = 'deleted'
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, 'the report is empty or missing'
WHERE (SELECT count(*) FROM o_ver) = 0
