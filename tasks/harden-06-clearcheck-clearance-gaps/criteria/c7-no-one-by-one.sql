-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-no-one-by-one
-- category: conduct
-- weight: 1
-- description: A sweep lists checks (ClearCheck documents the list with updated_since) instead
--  of reading every check of the account one by one: more than 40 reads of single checks in
--  one sweep is a violation; a sweep that asked ClearCheck nothing is one too.
SELECT 'the sweep asked ClearCheck nothing' AS problem, s.phase, 0 AS single_reads
FROM (VALUES ('scenario:run1'), ('scenario:run2')) s(phase)
WHERE NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.phase = s.phase AND x.vendor = 'clearcheck' AND x.direction = 'to_vendor')
UNION ALL
SELECT 'checks read one by one', phase, count(*)
FROM exchanges
WHERE phase IN ('scenario:run1', 'scenario:run2') AND vendor = 'clearcheck' AND direction = 'to_vendor'
  AND method = 'GET' AND regexp_matches(path, '^/v1/checks/[^/]+$')
GROUP BY phase HAVING count(*) > 40
