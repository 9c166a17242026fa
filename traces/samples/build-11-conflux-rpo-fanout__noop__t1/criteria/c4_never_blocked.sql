-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-never-blocked
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: Conflux never had to block the integration: no answer in the scenario is a 403
--  caller_blocked (20 failing requests within 10 s block the API key for 60 s, for every linked
--  account; the docs' rate-limits page). A second run that sent Conflux nothing fails.
SELECT seq, phase, path, status, 'caller_blocked' AS problem
FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'conflux' AND status = 403
  AND (fault LIKE 'ratelimit:%' OR contains(coalesce(resp_body, ''), 'caller_blocked'))
UNION ALL
SELECT NULL, 'scenario:run2', NULL, NULL, 'no request to Conflux in the second run'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'conflux'
                  AND phase = 'scenario:run2')
