-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-deleted-leave-the-mirror
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After run 3 (the first run after the 8-day pause: Quarry's sync tokens have expired,
--  so it reads Quarry in full) no candidate and no interview deleted in Quarry is left in the
--  mirror: the three candidates deleted during the pause with their interviews, and the two
--  interviews deleted on their own. An empty mirror fails.
SELECT 'candidate' AS kind, o.id, 'deleted in Quarry, still in the mirror' AS problem
FROM o_cands o WHERE o.cp = 'final' AND o.id NOT IN (SELECT id FROM k_cands WHERE cp = 'final')
UNION ALL
SELECT 'interview', o.id, 'deleted in Quarry, still in the mirror'
FROM o_ints o WHERE o.cp = 'final' AND o.id NOT IN (SELECT id FROM k_ints WHERE cp = 'final')
UNION ALL
SELECT 'mirror', NULL, 'the mirror after run 3 is empty or missing'
WHERE NOT EXISTS (SELECT 1 FROM o_cands WHERE cp = 'final') OR NOT EXISTS (SELECT 1 FROM o_ints WHERE cp = 'final')
