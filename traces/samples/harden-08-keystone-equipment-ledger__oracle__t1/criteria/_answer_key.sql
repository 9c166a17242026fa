-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. Graded checkpoints: cp1 (after run1) and final (after run2, same file).
-- The issues file (materials/issues.csv, as the run handed it out: its `materials` event) and
-- the storeroom's eight edits (the task's scheduled mutations, each applied right before the
-- job's first PUT of that request, embedded as VALUES by the request's employee). Issue numbers
-- compare trimmed and upper-cased (the storeroom keys some into its requests by hand).
CREATE VIEW issues AS
WITH handed AS (
    SELECT unnest(CAST(data -> '$.rows' AS JSON[])) AS r
    FROM events WHERE type = 'materials' AND data ->> '$.file' = 'issues.csv')
SELECT r ->> 'issue_id' AS issue_id, CAST(r ->> 'employee_id' AS INTEGER) AS employee_id, r ->> 'kind' AS kind,
       nullif(r ->> 'size', '') AS size, nullif(r ->> 'asset_tag', '') AS asset_tag,
       CAST(nullif(r ->> 'issued_on', '') AS DATE) AS issued_on
FROM handed;

-- the edits name the requests of employees 2, 6, 9, 12, 15, 18, 21 and 23 (equipment 64 … 85 on
-- the written data; in a variant the requests in their places: each employee's one request)
CREATE VIEW storeroom_edits AS
SELECT e.id AS equipment_id, t.field, t.value
FROM (VALUES
    (2, 'size', 'L'), (6, 'size', '44'), (9, 'size', 'XXL'), (12, 'size', 'M'), (15, 'size', '10'),
    (18, 'kind', 'Locker (wet room)'), (21, 'size', '45'), (23, 'kind', 'Locker (wet room)')
) t(employee_id, field, value)
JOIN cp_initial.keystone_equipment e ON e.employee_id = t.employee_id AND e.status = 'requested';

-- Keystone's equipment at each graded checkpoint, with the normalised issue number.
CREATE VIEW eq AS
SELECT 'cp1' AS cp, *, upper(trim(ref)) AS nref FROM cp_cp1.keystone_equipment
UNION ALL
SELECT 'final', *, upper(trim(ref)) FROM state.keystone_equipment;

CREATE VIEW eq0 AS
SELECT *, upper(trim(ref)) AS nref FROM cp_initial.keystone_equipment;

-- What each issue should look like: `request` (an open request at the start: kind and size
-- stay the storeroom's), `recorded` (already issued at the start: left as it was) or `new`.
CREATE VIEW expected AS
SELECT i.issue_id, i.employee_id,
       CASE WHEN e0.id IS NULL THEN 'new' WHEN e0.status = 'issued' THEN 'recorded' ELSE 'request' END AS how,
       e0.id AS equipment_id,
       CASE WHEN e0.id IS NULL THEN i.kind ELSE e0.kind END AS kind,
       CASE WHEN e0.id IS NULL THEN i.size ELSE e0.size END AS size,
       CASE WHEN e0.status = 'issued' THEN e0.asset_tag ELSE i.asset_tag END AS asset_tag,
       CASE WHEN e0.status = 'issued' THEN e0.issued_on ELSE i.issued_on END AS issued_on
FROM issues i
LEFT JOIN eq0 e0 ON e0.employee_id = i.employee_id AND e0.nref = i.issue_id;
