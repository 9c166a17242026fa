-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c10-catchup-reads-what-changed
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Tallgrass's Benchline plan counts every placement record the API hands out (the
--  ticket: a catchup reads what recruiters changed, at most 100 placement records, whatever the
--  endpoint). In each catchup run of the scenario (run2, run4) the placement records in
--  Benchline's successful answers under a Placement path (search, query, entity by id; the
--  event subscription's answers carry no records and are not counted) add up to at most 100.
--  The scenario's changes are 30 placements before run2 and 3 before run4, so an event
--  subscription, a dateLastModified range with an overlap window or a re-read of a handful
--  pass; re-reading the account (about 245 placements) fails. Fails too when a catchup run made
--  no successful data call to Benchline (it cannot have learnt what changed).
WITH reads AS (
  SELECT phase,
         CASE WHEN NOT coalesce(json_valid(resp_body), false) THEN 0
              WHEN json_type(json_extract(resp_body, '$.data')) = 'ARRAY'
                THEN json_array_length(json_extract(resp_body, '$.data'))
              WHEN json_type(json_extract(resp_body, '$.data')) = 'OBJECT' THEN 1
              ELSE 0 END AS n
  FROM exchanges
  WHERE direction = 'to_vendor' AND vendor = 'benchline' AND status BETWEEN 200 AND 299
    AND phase IN ('scenario:run2', 'scenario:run4')
    AND path LIKE '%Placement%' AND path NOT LIKE '%/event/%'
),
runs(phase) AS (VALUES ('scenario:run2'), ('scenario:run4'))
SELECT phase, sum(n) AS placement_records_read, 'over 100 placement records read in one catchup' AS problem
FROM reads GROUP BY phase HAVING sum(n) > 100
UNION ALL
SELECT r.phase, NULL, 'no successful data call to Benchline in this catchup'
FROM runs r
WHERE NOT EXISTS (
  SELECT 1 FROM exchanges e
  WHERE e.direction = 'to_vendor' AND e.vendor = 'benchline' AND e.phase = r.phase
    AND e.status BETWEEN 200 AND 299
    AND e.path NOT LIKE '/oauth/%' AND e.path NOT LIKE '/rest-services/%')
