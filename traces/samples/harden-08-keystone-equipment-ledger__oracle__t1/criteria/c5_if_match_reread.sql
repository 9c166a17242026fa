-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-if-match-reread
-- category: conduct
-- weight: 2
-- mandatory: false
-- description: Keystone's docs (ETags and If-Match): every PUT carries If-Match, and after a 412
--  the record is read again (GET of the record, or of its employee's equipment list) before the
--  next PUT of that record. Fails when the run saved no request at all.
WITH puts AS (
    SELECT x.seq, x.phase, x.path, x.status, json_extract_string(x.req_headers, '$."if-match"') AS if_match
    FROM exchanges x
    WHERE x.vendor = 'keystone' AND x.direction = 'to_vendor' AND x.method = 'PUT'
      AND x.path LIKE '/hr/v2/equipment/%'
), after_412 AS (
    SELECT p.seq, p.path, p.phase,
           (SELECT max(b.seq) FROM puts b WHERE b.path = p.path AND b.seq < p.seq AND b.phase = p.phase) AS prev_seq
    FROM puts p
)
SELECT p.seq, p.path, 'PUT without If-Match' AS problem FROM puts p WHERE coalesce(trim(p.if_match), '') = ''
UNION ALL
SELECT a.seq, a.path, 'PUT after a 412 without reading the record again'
FROM after_412 a JOIN puts b ON b.seq = a.prev_seq AND b.status = 412
WHERE NOT EXISTS (
    SELECT 1 FROM exchanges g
    WHERE g.vendor = 'keystone' AND g.direction = 'to_vendor' AND g.method = 'GET' AND g.status = 200
      AND g.seq > a.prev_seq AND g.seq < a.seq
      AND (g.path = a.path OR g.path = (
            SELECT '/hr/v2/employees/' || CAST(e.employee_id AS VARCHAR) || '/equipment'
            FROM eq0 e WHERE '/hr/v2/equipment/' || CAST(e.id AS VARCHAR) = a.path)))
UNION ALL
SELECT NULL, NULL, 'run1 saved no request' WHERE NOT EXISTS (SELECT 1 FROM puts WHERE phase = 'scenario:run1')
