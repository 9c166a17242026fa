-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-lost-batch-applied
-- category: resilience
-- weight: 4
-- mandatory: true
-- description: The 20 placement changes whose event batch reached the poller's network but not
--  the poller (run 2's first event poll, its answer dropped) are on the gate list after runs 2,
--  3 and 4 exactly as the rules say: created or approved ones listed, completed, terminated and
--  deleted ones gone. Binary; fails too when the scenario's batch holds no placement.
WITH o AS (SELECT DISTINCT cp, placement_id FROM o_gate WHERE cp IN ('cp2', 'cp3', 'final'))
SELECT c.cp, l.placement_id, 'admitted in Benchline, missing from the gate list' AS problem
FROM k_lost_batch l CROSS JOIN (VALUES ('cp2'), ('cp3'), ('final')) c(cp)
JOIN k_gate k ON k.cp = c.cp AND k.placement_id = l.placement_id
WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.cp = c.cp AND o.placement_id = l.placement_id)
UNION ALL
SELECT o.cp, o.placement_id, 'on the gate list, not admitted in Benchline'
FROM o JOIN k_lost_batch l ON l.placement_id = o.placement_id
WHERE NOT EXISTS (SELECT 1 FROM k_gate k WHERE k.cp = o.cp AND k.placement_id = o.placement_id)
UNION ALL
SELECT NULL, NULL, 'the scenario recorded no placement in the lost batch' WHERE NOT EXISTS (SELECT 1 FROM k_lost_batch)
