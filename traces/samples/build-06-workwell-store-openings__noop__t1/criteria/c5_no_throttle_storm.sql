-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-no-throttle-storm
-- category: conduct
-- weight: 3
-- description: No run is throttled by Workwell more than twice (the ticket: an occasional refusal
--  is tolerated, a storm is not; Workwell's docs: 10 requests per 10 s, with X-Rate-Limit-*
--  headers). Pacing by the headers and a fixed one request per second both pass. A run that
--  sent Workwell no request fails (no evidence of keeping the budget).
SELECT e.step AS phase, count(x.seq) AS throttled, 'more than 2 requests throttled (429)' AS problem
FROM events e
JOIN exchanges x ON x.phase = 'scenario:' || e.step AND x.direction = 'to_vendor' AND x.vendor = 'workwell'
                AND x.status = 429
WHERE e.type = 'step' AND e.kind = 'run'
GROUP BY e.step HAVING count(x.seq) > 2
UNION ALL
SELECT e.step, 0, 'the run sent Workwell no request'
FROM events e
WHERE e.type = 'step' AND e.kind = 'run'
  AND NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = 'scenario:' || e.step AND x.direction = 'to_vendor'
                  AND x.vendor = 'workwell')
