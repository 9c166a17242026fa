-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-failed-calls-repeated
-- category: resilience
-- weight: 2
-- mandatory: false
-- description: Every list call whose answer was cut off or was a gateway error (502) was made again
--  in the same run — the same method for the same page (cursor, sync token and filters) — and
--  Quarry answered it successfully, so that page's records reached the mirror rather than being
--  taken for an empty or final page. Each run meets one of each on its 6th and 11th list call;
--  a run in which neither fired (fewer than 11 list calls) fails too.
WITH failed AS (
    SELECT * FROM q_calls
    WHERE fault LIKE 'cut-%' OR fault LIKE 'gateway-%'
), runs AS (SELECT unnest(['scenario:run1', 'scenario:run2', 'scenario:run3']) AS phase)
SELECT f.phase, f.seq, f.path, f.fault, f.application_id, 'not repeated with a successful answer' AS why
FROM failed f
WHERE NOT EXISTS (SELECT 1 FROM q_calls x WHERE x.phase = f.phase AND x.path = f.path AND x.seq > f.seq AND x.ok
                  AND x.cursor IS NOT DISTINCT FROM f.cursor AND x.sync_token IS NOT DISTINCT FROM f.sync_token
                  AND x.application_id IS NOT DISTINCT FROM f.application_id
                  AND x.candidate_id IS NOT DISTINCT FROM f.candidate_id AND x.job_id IS NOT DISTINCT FROM f.job_id
                  AND x.status_filter IS NOT DISTINCT FROM f.status_filter)
UNION ALL
SELECT r.phase, NULL, NULL, NULL, NULL, 'no cut or gateway-error answer in this run'
FROM runs r WHERE (SELECT count(*) FROM failed f WHERE f.phase = r.phase) < 2
