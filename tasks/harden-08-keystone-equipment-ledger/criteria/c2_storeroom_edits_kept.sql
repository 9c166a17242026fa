-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-storeroom-edits-kept
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: The eight changes the storeroom saved on requests while the job was working on
--  them (a size, a wet-room locker) are still on those items after each run. An edit that never
--  landed (the job never saved that request) leaves the old value, so it fails too.
SELECT cp.cp, s.equipment_id, s.field, s.value AS storeroom_value,
       CASE s.field WHEN 'size' THEN e.size ELSE e.kind END AS keystone_value
FROM storeroom_edits s
CROSS JOIN (VALUES ('cp1'), ('final')) cp(cp)
LEFT JOIN eq e ON e.cp = cp.cp AND e.id = s.equipment_id
WHERE e.id IS NULL OR (CASE s.field WHEN 'size' THEN e.size ELSE e.kind END) IS DISTINCT FROM s.value
