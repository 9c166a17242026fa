-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-internal-error-retried
-- category: resilience
-- weight: 2
-- mandatory: true
-- description: Every list call Quarry answered with internal_error (HTTP 200, success:false) was
--   retried in the same run: a later call of the same method for the same page (same cursor,
--   same filters), as Quarry's errors page says. Only the first failure of a call is judged: a
--   retry that fails again shows the reaction already, and giving up after several attempts is
--   a correct design. Fails too when run 2 met no internal_error.
WITH calls AS (
    SELECT seq, phase, path, resp_body,
           json_extract_string(req_body, '$.cursor') AS cursor, json_extract_string(req_body, '$.jobId') AS job_id,
           json_extract_string(req_body, '$.candidateId') AS candidate_id,
           json_extract_string(req_body, '$.status') AS status_filter,
           json_extract_string(req_body, '$.syncToken') AS sync_token
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'quarry' AND json_valid(req_body)
), ie AS (
    SELECT * FROM calls
    WHERE json_valid(resp_body) AND json_extract_string(resp_body, '$.errorInfo.code') = 'internal_error'
), first_ie AS (
    -- the first internal_error of each call (phase, method, page and filters)
    SELECT * FROM ie i
    WHERE NOT EXISTS (SELECT 1 FROM ie e WHERE e.phase = i.phase AND e.path = i.path AND e.seq < i.seq
                      AND e.cursor IS NOT DISTINCT FROM i.cursor AND e.job_id IS NOT DISTINCT FROM i.job_id
                      AND e.candidate_id IS NOT DISTINCT FROM i.candidate_id
                      AND e.status_filter IS NOT DISTINCT FROM i.status_filter
                      AND e.sync_token IS NOT DISTINCT FROM i.sync_token)
)
SELECT f.phase, f.seq, f.path, f.job_id, f.cursor, 'not retried' AS why
FROM first_ie f
WHERE NOT EXISTS (SELECT 1 FROM calls x WHERE x.phase = f.phase AND x.path = f.path AND x.seq > f.seq
                  AND x.cursor IS NOT DISTINCT FROM f.cursor AND x.job_id IS NOT DISTINCT FROM f.job_id
                  AND x.candidate_id IS NOT DISTINCT FROM f.candidate_id
                  AND x.status_filter IS NOT DISTINCT FROM f.status_filter
                  AND x.sync_token IS NOT DISTINCT FROM f.sync_token)
UNION ALL
SELECT 'scenario:run2', NULL, NULL, NULL, NULL, 'no internal_error was served in run 2'
WHERE NOT EXISTS (SELECT 1 FROM ie WHERE phase = 'scenario:run2')
