-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-sunday-reads-what-is-new
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: Scoutly's plan (the ticket): after a run that finished, the next one reads from
--   Scoutly only what is new or changed, never more than 40 Scoutly records. Counts every
--   record Scoutly served in the second run (run2): each candidate, job or application on a
--   successful GET /v1/candidates, /v1/jobs or /v1/applications page, and each successful GET
--   of one of them by id. The weekend brought 3 people and 5 applications (one person while run 1
--   was reading); an updatedAfter watermark on Scoutly's clock (its Date header before the walk,
--   or the highest updatedOn seen), with a safety overlap, reads about 15 with the jobs; reading
--   all of Scoutly again reads about 190. The limit holds only when run 1 finished (exited 0):
--   after a run 1 that failed, run 2 may read everything again. A run 2 that asked Scoutly for
--   nothing fails too (silence earns nothing: the weekend's people are only in Scoutly).
WITH served AS (
    SELECT x.seq,
           CASE WHEN regexp_matches(x.path, '^/v1/(candidates|jobs|applications)$')
                THEN coalesce(json_array_length(TRY_CAST(x.resp_body AS JSON) -> '$.content'), 0)
                ELSE 1 END AS records
    FROM exchanges x
    WHERE x.phase = 'scenario:run2' AND x.direction = 'to_vendor' AND x.vendor = 'scoutly'
      AND x.method = 'GET' AND x.status BETWEEN 200 AND 299
      AND regexp_matches(x.path, '^/v1/(candidates|jobs|applications)(/[^/]+)?$')
)
SELECT 'run2' AS run, coalesce(sum(records), 0) AS records_read, count(seq) AS data_calls,
       CASE WHEN count(seq) = 0 THEN 'run 2 read nothing from Scoutly'
            ELSE 'run 2 read more than 40 Scoutly records after a run 1 that finished' END AS problem
FROM served
HAVING count(seq) = 0
    OR (coalesce(sum(records), 0) > 40
        AND EXISTS (SELECT 1 FROM events e WHERE e.type = 'step' AND e.kind = 'run' AND e.step = 'run1'
                    AND TRY_CAST(json_extract_string(e.result, '$.exit_code') AS INTEGER) = 0))
