-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-no-throttle-storm
-- category: conduct
-- weight: 5
-- mandatory: true
-- description: No morning's sync is refused by Workwell's rate limiter for requests it sent too fast
--   (the ticket: our own sync must never be the reason the key is refused; Workwell's docs: 10
--   requests per 10 s, X-Rate-Limit-* headers). Pacing by the headers and a fixed one request per
--   second both pass. Not counted: the 429s the scenario injects for the rider app spending from the
--   shared key (fault shared-key-*) and limiter refusals in the same streak of refusals as one of
--   them (the rider app took a slot the sync could not know of; how long the sync waited is c7's
--   business), and refusals before a run's first answered request (a new process cannot know what
--   the previous run left of the window). A run that sent Workwell no request fails.
WITH ww AS (
    SELECT x.phase, x.seq, x.status, x.fault,
           -- requests since the run's last answered one share a streak number
           sum(CASE WHEN x.status < 400 THEN 1 ELSE 0 END)
               OVER (PARTITION BY x.phase ORDER BY x.started_at, x.seq ROWS UNBOUNDED PRECEDING) AS streak
    FROM exchanges x
    WHERE x.direction = 'to_vendor' AND x.vendor = 'workwell' AND x.phase LIKE 'scenario:run%'
), counted AS (
    SELECT w.* FROM ww w
    WHERE w.status = 429 AND w.fault LIKE 'ratelimit:%' AND w.streak > 0
      AND NOT EXISTS (SELECT 1 FROM ww s WHERE s.phase = w.phase AND s.streak = w.streak
                      AND s.fault LIKE 'shared-key-%')
)
SELECT e.step AS run, count(c.seq) AS refused, 'refused by the rate limiter for sending too fast' AS problem
FROM events e
JOIN counted c ON c.phase = 'scenario:' || e.step
WHERE e.type = 'step' AND e.kind = 'run'
GROUP BY e.step
UNION ALL
SELECT e.step, 0, 'the run sent Workwell no request'
FROM events e
WHERE e.type = 'step' AND e.kind = 'run'
  AND NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = 'scenario:' || e.step AND x.direction = 'to_vendor'
                  AND x.vendor = 'workwell')
