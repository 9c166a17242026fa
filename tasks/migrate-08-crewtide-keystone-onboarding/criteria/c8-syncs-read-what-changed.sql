-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-syncs-read-what-changed
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Alder's Crewtide plan counts every record the API hands out (the ticket: a
--  morning's sync reads what HR changed since the previous run, at most 100 records, whatever
--  the endpoint, included records too). In each sync-progress run of the scenario (run2, run3)
--  the records in Crewtide's successful answers (each answer's data, one for a single record or
--  the length of its list, plus its included list) add up to at most 100. The scenario's
--  changes are 30 tasks and 4 onboardings before run2 and nothing before run3, so a watermark on
--  Crewtide's clock for the tasks and the onboardings (with an overlap window, or the records of
--  the last second read again), with or without a task's onboarding included, passes; re-reading
--  every onboarding and task (about 408 records) fails. Fails too when a sync made no successful
--  call to Crewtide (it cannot have learnt what changed).
WITH reads AS (
  SELECT phase,
         (CASE WHEN NOT coalesce(json_valid(resp_body), false) THEN 0
               WHEN json_type(json_extract(resp_body, '$.data')) = 'ARRAY'
                 THEN json_array_length(json_extract(resp_body, '$.data'))
               WHEN json_type(json_extract(resp_body, '$.data')) = 'OBJECT' THEN 1
               ELSE 0 END)
         + (CASE WHEN coalesce(json_valid(resp_body), false)
                      AND json_type(json_extract(resp_body, '$.included')) = 'ARRAY'
                 THEN json_array_length(json_extract(resp_body, '$.included'))
                 ELSE 0 END) AS n
  FROM exchanges
  WHERE direction = 'to_vendor' AND vendor = 'crewtide' AND status BETWEEN 200 AND 299
    AND phase IN ('scenario:run2', 'scenario:run3')
),
runs(phase) AS (VALUES ('scenario:run2'), ('scenario:run3'))
SELECT phase, sum(n) AS crewtide_records_read, 'over 100 Crewtide records read in one sync' AS problem
FROM reads GROUP BY phase HAVING sum(n) > 100
UNION ALL
SELECT r.phase, NULL, 'no successful call to Crewtide in this sync'
FROM runs r
WHERE NOT EXISTS (SELECT 1 FROM reads x WHERE x.phase = r.phase)
