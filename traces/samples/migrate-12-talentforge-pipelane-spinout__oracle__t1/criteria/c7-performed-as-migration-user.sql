-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-performed-as-migration-user
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: Every change in Pipelane's history (opportunity created, stage moved, note added) and every note
--   is by the Migration User. Fails when Pipelane records no change at all.
SELECT a.cp, a.id, a.type, coalesce(a.user_id, 'null') AS by_user
FROM k_activity a WHERE a.user_id IS DISTINCT FROM (SELECT id FROM k_migration_user)
UNION ALL
SELECT n.cp, n.id, 'note', coalesce(n.user_id, 'null')
FROM k_plnote n WHERE n.user_id IS DISTINCT FROM (SELECT id FROM k_migration_user)
UNION ALL
SELECT 'final', NULL, 'no change recorded in Pipelane', NULL
WHERE NOT EXISTS (SELECT 1 FROM k_activity)
