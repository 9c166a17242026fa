-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-stays-incremental
-- category: conduct
-- weight: 1
-- mandatory: true
-- description: The second morning reads only what arrived or changed since the first (the ticket:
--   after the first load a run asks Workwell only for what is new or changed). It fails when run2's
--   candidate lists returned more than 120 candidates (a tenth of the account) that were already on
--   Workwell after run1 and that nothing changed overnight (a full re-walk returns about 1,190; an
--   inclusive boundary re-reads one, a watermark with a few hours of overlap a few dozen), or when
--   run2 read no candidate list. Not counted: candidates whose own updated_at moved
--   after run1 (corrections, stage moves: what an updated_after read returns) and candidates of a
--   job changed after run1 (a sync may re-read a re-titled job's candidates).
WITH pages AS (
    SELECT x.seq, CAST(json_extract_string(x.resp_body, '$.candidates[*].id') AS VARCHAR[]) AS ids
    FROM exchanges x
    WHERE x.phase = 'scenario:run2' AND x.vendor = 'workwell' AND x.direction = 'to_vendor' AND x.method = 'GET'
      AND x.path LIKE '/t/%/spi/v3/candidates' AND x.status = 200
), got AS (
    SELECT seq, lower(unnest(ids)) AS hex_id FROM pages
), unchanged AS (
    SELECT format('{:x}', c.id) AS hex_id
    FROM cp_cp1.workwell_candidates c
    JOIN state.workwell_candidates f ON f.id = c.id
    JOIN cp_cp1.workwell_jobs j ON j.id = c.job_id
    JOIN state.workwell_jobs fj ON fj.id = j.id
    WHERE f.updated_at IS NOT DISTINCT FROM c.updated_at
      AND fj.updated_at IS NOT DISTINCT FROM j.updated_at
), reread AS (
    SELECT g.hex_id FROM got g WHERE g.hex_id IN (SELECT hex_id FROM unchanged)
)
SELECT count(*) AS reread, 'run2 re-read candidates the first morning had already listed and nothing had changed' AS problem
FROM reread HAVING count(*) > 120
UNION ALL
SELECT 0, 'run2 read no candidate list' WHERE NOT EXISTS (SELECT 1 FROM pages)
