-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c10-catchup-reads-what-changed
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Brisa's Quarry plan counts every record the API hands out (the ticket, rule 8: a
--  catchup reads at most 100 Quarry records, whatever the method). In each catchup of the scenario
--  (run2, Friday; run3, Monday) the records in Quarry's successful answers (success true: a list
--  page's results, or the one record of an .info call) add up to at most 100. Friday has 2 new
--  candidates, 4 new applications and 3 new feedback to find; the move read about 300 records. Lists
--  walked from a sync token, jobs re-listed, a handful of records re-read by id or searched all pass;
--  re-reading the account fails. Fails too when a catchup made no successful call to Quarry (it
--  cannot have learnt what changed).
WITH reads AS (
  SELECT phase,
         CASE WHEN NOT coalesce(json_valid(resp_body), false) THEN 0
              WHEN json_extract(resp_body, '$.success')::VARCHAR IS DISTINCT FROM 'true' THEN 0
              WHEN json_type(json_extract(resp_body, '$.results')) = 'ARRAY'
                THEN json_array_length(json_extract(resp_body, '$.results'))
              WHEN json_type(json_extract(resp_body, '$.results')) = 'OBJECT' THEN 1
              ELSE 0 END AS n
  FROM exchanges
  WHERE direction = 'to_vendor' AND vendor = 'quarry' AND status BETWEEN 200 AND 299
    AND phase IN ('scenario:run2', 'scenario:run3')
),
runs(phase) AS (VALUES ('scenario:run2'), ('scenario:run3'))
SELECT phase, sum(n) AS quarry_records_read, 'over 100 Quarry records read in one catchup' AS problem
FROM reads GROUP BY phase HAVING sum(n) > 100
UNION ALL
SELECT r.phase, NULL, 'no successful call to Quarry in this catchup'
FROM runs r
WHERE NOT EXISTS (
  SELECT 1 FROM exchanges e
  WHERE e.direction = 'to_vendor' AND e.vendor = 'quarry' AND e.phase = r.phase
    AND e.status BETWEEN 200 AND 299 AND coalesce(json_valid(e.resp_body), false)
    AND json_extract(e.resp_body, '$.success')::VARCHAR = 'true')
