-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions. Graded checkpoints: cp1 (after run1) and final (after run2, same file).
-- The issues file (materials/issues.csv) and the storeroom's eight edits (the task's
-- scheduled mutations, each applied right before the job's first PUT of that request) are
-- static inputs, embedded as VALUES. Issue numbers compare trimmed and upper-cased (the
-- storeroom keys some into its requests by hand).
CREATE VIEW issues AS
SELECT * FROM (VALUES
    ('FS-ISS-2001', 1, 'Safety boots', '43', 'FS-A60001', DATE '2026-06-01'),
    ('FS-ISS-2002', 2, 'Hard hat', NULL, 'FS-A60002', DATE '2026-06-01'),
    ('FS-ISS-2101', 25, 'Locker', NULL, 'FS-A70025', DATE '2026-06-01'),
    ('FS-ISS-2003', 3, 'Locker', NULL, 'FS-A60003', DATE '2026-06-01'),
    ('ISS-0003', 4, 'Hi-vis vest', 'XL', 'FS-A57520', DATE '2026-05-04'),
    ('FS-ISS-2004', 4, 'Hi-vis vest', 'XL', 'FS-A60004', DATE '2026-06-01'),
    ('FS-ISS-2102', 26, 'Gloves', '9', 'FS-A70026', DATE '2026-06-01'),
    ('FS-ISS-2005', 5, 'Gloves', '9', 'FS-A60005', DATE '2026-06-01'),
    ('FS-ISS-2006', 6, 'Safety boots', '43', 'FS-A60006', DATE '2026-06-01'),
    ('FS-ISS-2103', 27, 'Hi-vis vest', 'L', 'FS-A70027', DATE '2026-06-01'),
    ('FS-ISS-2007', 7, 'Hard hat', NULL, 'FS-A60007', DATE '2026-06-01'),
    ('FS-ISS-2008', 8, 'Locker', NULL, 'FS-A60008', DATE '2026-06-01'),
    ('FS-ISS-2104', 28, 'Safety boots', '42', 'FS-A70028', DATE '2026-06-01'),
    ('FS-ISS-2009', 9, 'Hi-vis vest', 'XL', 'FS-A60009', DATE '2026-06-01'),
    ('FS-ISS-2010', 10, 'Gloves', '9', 'FS-A60010', DATE '2026-06-01'),
    ('FS-ISS-2105', 29, 'Locker', NULL, 'FS-A70029', DATE '2026-06-01'),
    ('FS-ISS-2011', 11, 'Safety boots', '43', 'FS-A60011', DATE '2026-06-01'),
    ('FS-ISS-2012', 12, 'Hard hat', NULL, 'FS-A60012', DATE '2026-06-01'),
    ('FS-ISS-2106', 30, 'Gloves', '9', 'FS-A70030', DATE '2026-06-01'),
    ('FS-ISS-2013', 13, 'Locker', NULL, 'FS-A60013', DATE '2026-06-01'),
    ('FS-ISS-2014', 14, 'Hi-vis vest', 'XL', 'FS-A60014', DATE '2026-06-01'),
    ('FS-ISS-2107', 31, 'Hi-vis vest', 'L', 'FS-A70031', DATE '2026-06-01'),
    ('ISS-0040', 41, 'Hard hat', NULL, 'FS-A49441', DATE '2026-05-04'),
    ('FS-ISS-2015', 15, 'Gloves', '9', 'FS-A60015', DATE '2026-06-01'),
    ('FS-ISS-2016', 16, 'Safety boots', '43', 'FS-A60016', DATE '2026-06-01'),
    ('FS-ISS-2108', 32, 'Safety boots', '42', 'FS-A70032', DATE '2026-06-01'),
    ('FS-ISS-2017', 17, 'Hard hat', NULL, 'FS-A60017', DATE '2026-06-01'),
    ('FS-ISS-2018', 18, 'Locker', NULL, 'FS-A60018', DATE '2026-06-01'),
    ('FS-ISS-2109', 33, 'Locker', NULL, 'FS-A70033', DATE '2026-06-01'),
    ('FS-ISS-2019', 19, 'Hi-vis vest', 'XL', 'FS-A60019', DATE '2026-06-01'),
    ('FS-ISS-2020', 20, 'Gloves', '9', 'FS-A60020', DATE '2026-06-01'),
    ('FS-ISS-2110', 34, 'Gloves', '9', 'FS-A70034', DATE '2026-06-01'),
    ('FS-ISS-2021', 21, 'Safety boots', '43', 'FS-A60021', DATE '2026-06-01'),
    ('FS-ISS-2022', 22, 'Hard hat', NULL, 'FS-A60022', DATE '2026-06-01'),
    ('FS-ISS-2111', 35, 'Hi-vis vest', 'L', 'FS-A70035', DATE '2026-06-01'),
    ('FS-ISS-2023', 23, 'Locker', NULL, 'FS-A60023', DATE '2026-06-01'),
    ('FS-ISS-2024', 24, 'Hi-vis vest', 'XL', 'FS-A60024', DATE '2026-06-01'),
    ('FS-ISS-2112', 36, 'Safety boots', '42', 'FS-A70036', DATE '2026-06-01')
) t(issue_id, employee_id, kind, size, asset_tag, issued_on);

CREATE VIEW storeroom_edits AS
SELECT * FROM (VALUES
    (64, 'size', 'L'), (68, 'size', '44'), (71, 'size', 'XXL'), (74, 'size', 'M'), (77, 'size', '10'),
    (80, 'kind', 'Locker (wet room)'), (83, 'size', '45'), (85, 'kind', 'Locker (wet room)')
) t(equipment_id, field, value);

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
