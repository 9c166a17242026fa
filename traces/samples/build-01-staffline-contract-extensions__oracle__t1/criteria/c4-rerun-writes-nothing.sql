-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-rerun-writes-nothing
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: Run 2 repeats the W09 file: no successful write to a placement that was already current
--   (rewriting an identical end date counts; a run2 that got no successful answer at all fails).
-- The answer key (ak_*) is in _answer_key.sql.
WITH run2_apply AS (SELECT * FROM ak_apply WHERE run = 'run2'), writes AS (
    SELECT seq, method, path, status, TRY_CAST(regexp_extract(path, '/v1/placements/([0-9]+)', 1) AS BIGINT) AS pid
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'staffline' AND phase = 'scenario:run2'
      AND upper(method) IN ('POST', 'PUT', 'PATCH', 'DELETE') AND status BETWEEN 200 AND 299
)
SELECT w.seq, w.method, w.path, w.status FROM writes w
WHERE w.pid IS NULL OR w.pid NOT IN (SELECT id FROM run2_apply)
UNION ALL
SELECT NULL, NULL, 'no successful request to StaffLine in run2', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'staffline'
                  AND phase = 'scenario:run2' AND status BETWEEN 200 AND 299)
