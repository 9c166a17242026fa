-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-never-blocked
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: Conflux never had to block the key: no answer in the scenario is a 403 caller_blocked
--   (20 failing requests within 10 s block the key for 60 s; the docs' rate-limits page; the ticket:
--   "never get our key blocked"). A second or third run that sent Conflux nothing fails.
SELECT seq, phase, path, status, 'caller_blocked' AS problem
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'conflux' AND status = 403
  AND (fault LIKE 'ratelimit:%' OR contains(coalesce(resp_body, ''), 'caller_blocked'))
UNION ALL
SELECT NULL, p.phase, NULL, NULL, 'no request to Conflux in this run'
FROM (VALUES ('scenario:run2'), ('scenario:run3')) p(phase)
WHERE NOT EXISTS (SELECT 1 FROM exchanges e WHERE e.direction = 'to_vendor' AND e.vendor = 'conflux'
                  AND e.phase = p.phase)
