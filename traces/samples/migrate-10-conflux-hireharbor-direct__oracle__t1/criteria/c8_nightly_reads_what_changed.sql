-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-nightly-reads-what-changed
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Helix's HireHarbor plan meters every candidate record the API hands out (the ticket, rule 2:
--  the re-key may read the whole account, a night's sync at most 60 candidate records, in a list or one at
--  a time). In each nightly sync of the scenario (run2, run3) the candidates in HireHarbor's successful
--  answers to GET /v1/candidates and /v1/candidates/{id} (a list counts its rows, a record by id one; a 301
--  or 404 carries none) add up to at most 60. The scenario's changes are 26 people before run2 (20 edits,
--  5 new, one merge survivor) and 4 before run3, so an updated_after window with an overlap, a look-up of
--  each merged or deleted person, or a re-read of a handful pass; re-reading the account (about 120 people)
--  fails. Other endpoints (the activity log, applications) carry no candidate records and are not counted.
--  Fails too when a night's sync made no successful GET to HireHarbor (it cannot have learnt what changed).
WITH reads AS (
  SELECT phase,
         CASE WHEN NOT coalesce(json_valid(resp_body), false) THEN 0
              WHEN json_type(CAST(resp_body AS JSON)) = 'ARRAY' THEN json_array_length(CAST(resp_body AS JSON))
              WHEN json_type(CAST(resp_body AS JSON)) = 'OBJECT' AND (CAST(resp_body AS JSON)->'$.id') IS NOT NULL THEN 1
              ELSE 0 END AS n
  FROM exchanges
  WHERE direction = 'to_vendor' AND vendor = 'hireharbor' AND method = 'GET' AND status BETWEEN 200 AND 299
    AND phase IN ('scenario:run2', 'scenario:run3')
    AND (path = '/v1/candidates' OR regexp_matches(path, '^/v1/candidates/[0-9]+$'))
),
runs(phase) AS (VALUES ('scenario:run2'), ('scenario:run3'))
SELECT phase, sum(n) AS candidate_records_read, 'over 60 candidate records read in one night''s sync' AS problem
FROM reads GROUP BY phase HAVING sum(n) > 60
UNION ALL
SELECT r.phase, NULL, 'no successful GET to HireHarbor in this night''s sync'
FROM runs r
WHERE NOT EXISTS (
  SELECT 1 FROM exchanges e
  WHERE e.direction = 'to_vendor' AND e.vendor = 'hireharbor' AND e.phase = r.phase AND e.method = 'GET'
    AND e.status BETWEEN 200 AND 299)
