-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-never-blocked
-- category: conduct
-- weight: 4
-- mandatory: true
-- description: Conflux never blocked the key during the audit: no answer in the scenario is a 403
--  caller_blocked (20 failing requests within 10 s block it for 60 s: the docs' rate-limits page;
--  the ticket: Conflux blocked last quarter's job, which must not happen again). A run that sent
--  Conflux nothing fails.
SELECT seq, phase, path, status, 'caller_blocked' AS problem
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'conflux' AND status = 403
  AND (fault LIKE 'ratelimit:%' OR contains(coalesce(resp_body, ''), 'caller_blocked'))
UNION ALL
SELECT NULL, 'scenario:run1', NULL, NULL, 'no request to Conflux in the run'
WHERE NOT EXISTS (SELECT 1 FROM exchanges e WHERE e.direction = 'to_vendor' AND e.vendor = 'conflux'
                  AND e.phase = 'scenario:run1')
