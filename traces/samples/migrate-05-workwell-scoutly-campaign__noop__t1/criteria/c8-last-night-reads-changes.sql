-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-last-night-reads-changes
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: The kiosk plan's rule (the ticket): after a night that finished (run 2), the next
--   night (run 3) reads from Workwell only what changed, at most a quarter of the campaign's
--   applicants (40 of 160; the recruiters changed 11). Counts every candidate record Workwell
--   served in run 3: each row of a successful GET /candidates page and each successful GET
--   /candidates/{id}. An updated_after watermark on Workwell's clock (its Date header or the
--   highest updated_at seen), with or without a safety overlap, plus the disqualifications
--   since (disqualified_after: they leave updated_at alone) reads about 11; adding every
--   disqualified applicant (disqualified=true) instead reads about 26; re-reading the whole
--   campaign reads 160. The limit applies only when run 2 finished (exited 0): after a
--   run 2 that failed, run 3 may read everything again (mutant pilot-job-as-is). A run 3 that asked Workwell for no candidate at all fails too
--   (silence earns nothing: the recruiters' changes are only in Workwell).
WITH served AS (
    SELECT x.seq,
           CASE WHEN regexp_matches(x.path, '/spi/v3/candidates$')
                THEN coalesce(json_array_length(TRY_CAST(x.resp_body AS JSON)->'$.candidates'), 0)
                WHEN x.status = 200 THEN 1 ELSE 0 END AS records
    FROM exchanges x
    WHERE x.phase = 'scenario:run3' AND x.direction = 'to_vendor' AND x.vendor = 'workwell'
      AND x.method = 'GET'
      AND (regexp_matches(x.path, '/spi/v3/candidates$') OR regexp_matches(x.path, '/spi/v3/candidates/[^/]+$'))
)
SELECT 'run3' AS run, coalesce(sum(records), 0) AS records_read, count(seq) AS candidate_requests,
       CASE WHEN count(seq) = 0 THEN 'run 3 asked Workwell for no candidate'
            ELSE 'run 3 read more than a quarter of the campaign' END AS problem
FROM served
HAVING count(seq) = 0
    OR (coalesce(sum(records), 0) > 40
        AND EXISTS (SELECT 1 FROM events e WHERE e.type = 'step' AND e.kind = 'run' AND e.step = 'run2'
                    AND TRY_CAST(json_extract_string(e.result, '$.exit_code') AS INTEGER) = 0))
