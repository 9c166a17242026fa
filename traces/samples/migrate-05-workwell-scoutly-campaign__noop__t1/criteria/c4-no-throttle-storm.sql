-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-throttle-storm
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: IT's rule (the ticket): at most two "too many requests" refusals from either
--   system in a run. Counts every 429 Workwell or Scoutly (or their gateways) answered in each run
--   step; pacing ahead and reacting to the few refusals a cold start meets both pass. A run that
--   sent Workwell no request is a violation (silence earns nothing: every run must read Workwell
--   to know what to carry; a run with nothing to write may send Scoutly nothing).
SELECT e.step AS run, v.vendor, count(x.seq) AS refused,
       CASE WHEN count(x.seq) = 0 THEN 'the run sent Workwell no request' ELSE 'more than two 429s in the run' END AS problem
FROM events e
CROSS JOIN (VALUES ('workwell'), ('scoutly')) AS v(vendor)
LEFT JOIN exchanges x ON x.phase = 'scenario:' || e.step AND x.direction = 'to_vendor' AND x.vendor = v.vendor
WHERE e.type = 'step' AND e.kind = 'run'
GROUP BY e.step, v.vendor
HAVING (count(x.seq) = 0 AND v.vendor = 'workwell') OR count(x.seq) FILTER (WHERE x.status = 429) > 2
