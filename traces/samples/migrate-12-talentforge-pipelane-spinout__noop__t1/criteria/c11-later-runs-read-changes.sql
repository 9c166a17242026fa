-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c11-later-runs-read-changes
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: TalentForge's allowance (the ticket): after a run that finished, the next run reads only what
--   changed since, never more than 100 records from TalentForge. In run2 (after run1) and run3 (after run2)
--   the records in TalentForge's successful GET answers under /api/v2/requisitions, /candidates (notes
--   included) and /applications add up to at most 100: each item of a list page, each record fetched by id.
--   The limit applies to a run only when the run before it exited 0 (after one that stopped early, the next
--   may read everything again). The week brings 15 stage changes and 4 new applications (one of a new
--   candidate, one of a candidate with 25 notes), so following TalentForge's changes reads about 20 to 80
--   records whatever the overlap; reading the tenant again reads about 250. Fails too when run2 asked
--   TalentForge for nothing (silence earns nothing: the late applications are only in TalentForge).
WITH served AS (
    SELECT x.phase,
           CASE WHEN json_type(TRY_CAST(x.resp_body AS JSON), '$.items') = 'ARRAY'
                THEN json_array_length(TRY_CAST(x.resp_body AS JSON), '$.items')
                WHEN json_type(TRY_CAST(x.resp_body AS JSON), '$.id') IS NOT NULL THEN 1
                ELSE 0 END AS records
    FROM exchanges x
    WHERE x.direction = 'to_vendor' AND x.vendor = 'talentforge' AND x.method = 'GET'
      AND x.status BETWEEN 200 AND 299 AND x.phase IN ('scenario:run2', 'scenario:run3')
      AND regexp_matches(x.path, '^/api/v2/(requisitions|candidates|applications)(/|$)')
),
runs(phase, after_step) AS (VALUES ('scenario:run2', 'run1'), ('scenario:run3', 'run2')),
finished AS (
    SELECT r.phase FROM runs r
    WHERE EXISTS (SELECT 1 FROM events e WHERE e.type = 'step' AND e.kind = 'run' AND e.step = r.after_step
                  AND TRY_CAST(json_extract_string(e.result, '$.exit_code') AS INTEGER) = 0)
)
SELECT s.phase, sum(s.records) AS records_read, 'more than 100 TalentForge records read after a finished run' AS problem
FROM served s JOIN finished f ON f.phase = s.phase
GROUP BY s.phase HAVING sum(s.records) > 100
UNION ALL
SELECT 'scenario:run2', 0, 'run2 asked TalentForge for nothing'
WHERE NOT EXISTS (SELECT 1 FROM served WHERE phase = 'scenario:run2')
