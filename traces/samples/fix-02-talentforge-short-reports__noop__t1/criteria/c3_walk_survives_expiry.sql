-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-walk-survives-expiry
-- category: resilience
-- weight: 3
-- mandatory: true
-- description: In every run where an application list call was refused with 401 (the access token
--  expired mid-walk), the walk still reached its last page (a 200 list answer without a `cursor`
--  key) after that 401 — with a new token. Refreshing before expiry (no 401 at all) passes too.
--  A run 1 without any application list call fails.
WITH calls AS (
    SELECT seq, phase, status, started_at, ended_at, resp_body
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'talentforge' AND phase LIKE 'scenario:run%'
      AND upper(method) = 'GET' AND path = '/api/v2/applications'
), refused AS (
    SELECT phase, min(seq) AS first_seq, min(ended_at) AS first_at, count(*) AS refusals
    FROM calls WHERE status = 401 GROUP BY phase
), last_pages AS (
    SELECT phase, started_at FROM calls
    WHERE status = 200 AND json_valid(resp_body)
      AND json_type(resp_body) = 'OBJECT' AND NOT json_exists(resp_body, '$.cursor')
)
SELECT r.phase, r.first_seq, r.refusals,
       'the walk stopped after the 401 without reaching its last page' AS problem
FROM refused r
WHERE NOT EXISTS (SELECT 1 FROM last_pages l WHERE l.phase = r.phase AND l.started_at > r.first_at)
UNION ALL
SELECT 'scenario:run1', NULL, 0, 'no application list call in run1'
WHERE NOT EXISTS (SELECT 1 FROM calls WHERE phase = 'scenario:run1')
