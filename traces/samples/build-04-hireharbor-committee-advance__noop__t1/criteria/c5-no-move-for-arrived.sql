-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-no-move-for-arrived
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: No run sends HireHarbor a move for an application that was already at Campus Visit or a
--   later stage when the run started (the ticket's rule 7: the weekly export repeats earlier weeks'
--   votes); a run2 without a successful request to HireHarbor fails.
-- The answer key (ak_*) is in _answer_key.sql.
WITH posts AS (
    SELECT seq, phase, status, TRY_CAST(regexp_extract(path, '^/v1/applications/([0-9]+)/move/?$', 1) AS BIGINT) AS app_id
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'hireharbor' AND upper(method) = 'POST'
      AND phase IN ('scenario:run1', 'scenario:run2') AND regexp_matches(path, '^/v1/applications/[0-9]+/move/?$')
)
SELECT p.phase, p.app_id AS application_id, p.seq, p.status, s.current_stage_id AS stage_id_at_run_start
FROM posts p JOIN ak_start s ON s.run = replace(p.phase, 'scenario:', '') AND s.id = p.app_id
WHERE s.stage_priority >= s.cv_priority
UNION ALL
SELECT 'scenario:run2', NULL, NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'hireharbor'
                  AND phase = 'scenario:run2' AND status BETWEEN 200 AND 299)
