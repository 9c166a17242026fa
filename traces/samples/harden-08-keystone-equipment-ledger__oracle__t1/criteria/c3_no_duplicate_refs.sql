-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-duplicate-refs
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No employee holds two equipment items with the same issue number (trimmed,
--  upper-cased) after either run; an empty equipment table fails.
SELECT e.cp, e.employee_id, e.nref, count(*) AS items
FROM eq e WHERE e.nref IS NOT NULL AND e.nref <> ''
GROUP BY e.cp, e.employee_id, e.nref HAVING count(*) > 1
UNION ALL
SELECT cp.cp, NULL, NULL, 0 FROM (VALUES ('cp1'), ('final')) cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM eq e WHERE e.cp = cp.cp)
