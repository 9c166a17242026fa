-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-benchline-read-only
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: The migration changes nothing in Benchline (rule 6): during the scenario runs no
--  request but reads goes to Benchline, apart from signing in (/oauth, /rest-services/login)
--  and event subscriptions (creating, polling, removing one changes no record). Fails when the
--  runs never called Benchline.
SELECT seq, phase, method, path FROM exchanges
WHERE direction = 'to_vendor' AND vendor = 'benchline'
  AND upper(method) NOT IN ('GET', 'HEAD', 'OPTIONS')
  AND path NOT LIKE '/oauth/%' AND path NOT LIKE '/rest-services/%'
  AND path NOT LIKE '%/event/subscription/%'
UNION ALL
SELECT NULL, NULL, NULL, 'no request to Benchline during the scenario runs'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_vendor' AND vendor = 'benchline')
