-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-stays-incremental
-- category: conduct
-- weight: 1
-- mandatory: true
-- description: Regression guard: the second morning reads only what arrived since the first (the
--   ticket: after the first load a run asks Workwell only for new applications). It fails when run2's
--   candidate lists returned more than 10 candidates that were already on Workwell after run1 (a
--   full re-walk returns 1,200; an inclusive boundary re-reads one), or when run2 read no candidate list.
WITH pages AS (
    SELECT x.seq, CAST(json_extract_string(x.resp_body, '$.candidates[*].id') AS VARCHAR[]) AS ids
    FROM exchanges x
    WHERE x.phase = 'scenario:run2' AND x.vendor = 'workwell' AND x.direction = 'to_vendor' AND x.method = 'GET'
      AND x.path LIKE '/t/%/spi/v3/candidates' AND x.status = 200
), got AS (
    SELECT seq, lower(unnest(ids)) AS hex_id FROM pages
), reread AS (
    SELECT g.hex_id FROM got g WHERE g.hex_id IN (SELECT format('{:x}', id) FROM cp_cp1.workwell_candidates)
)
SELECT count(*) AS reread, 'run2 re-read candidates the first morning had already listed' AS problem
FROM reread HAVING count(*) > 10
UNION ALL
SELECT 0, 'run2 read no candidate list' WHERE NOT EXISTS (SELECT 1 FROM pages)
