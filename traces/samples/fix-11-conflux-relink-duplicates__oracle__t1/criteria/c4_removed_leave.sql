-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-removed-leave
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After every run no candidate deleted in Greenhouse (Conflux: remote_was_deleted; 18
--   before run1, 5 more before run2, 1 before run3) is on the dashboard, and no row names a remote_id
--   Conflux does not have. A person is deleted when every Conflux record of their remote_id is: a
--   record left from before the March re-link (remote-deleted, next to the live one) removes nobody.
--   A run sequence that never put anyone on the dashboard fails.
SELECT o.cp, o.remote_id,
       CASE WHEN k.remote_id IS NULL THEN 'not a Quillon candidate in Conflux' ELSE 'deleted in Greenhouse' END AS problem
FROM o_cand o
LEFT JOIN (SELECT cp, remote_id, bool_and(deleted) AS deleted FROM k_cand GROUP BY cp, remote_id) k
       ON k.cp = o.cp AND k.remote_id = o.remote_id
WHERE k.remote_id IS NULL OR k.deleted
GROUP BY ALL
UNION ALL
SELECT NULL, NULL, 'the dashboard was never filled' WHERE (SELECT sum(n) FROM o_size) = 0
