-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-item-values
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After each run every item carrying an issue of the file has the values the
--  ticket asks for: status issued; asset tag and issue date from the file (an issue recorded
--  before keeps its own); kind and size from the file for a new item, the storeroom's for a
--  request (the eight edited fields are c2's); a new item's Ref the issue number as the file writes it. A
--  missing item is c1's.
SELECT e.cp, x.issue_id, e.id, e.status, e.asset_tag, e.issued_on, e.kind, e.size, e.ref
FROM expected x
JOIN eq e ON e.employee_id = x.employee_id AND e.nref = x.issue_id
LEFT JOIN eq0 e0 ON e0.id = e.id
WHERE e.status IS DISTINCT FROM 'issued'
   OR e.asset_tag IS DISTINCT FROM x.asset_tag
   OR e.issued_on IS DISTINCT FROM x.issued_on
   OR (e.kind IS DISTINCT FROM x.kind
       AND NOT EXISTS (SELECT 1 FROM storeroom_edits s WHERE s.equipment_id = e.id AND s.field = 'kind'))
   OR (coalesce(e.size, '') IS DISTINCT FROM coalesce(x.size, '')
       AND NOT EXISTS (SELECT 1 FROM storeroom_edits s WHERE s.equipment_id = e.id AND s.field = 'size'))
   OR (e0.id IS NULL AND trim(e.ref) IS DISTINCT FROM x.issue_id)
