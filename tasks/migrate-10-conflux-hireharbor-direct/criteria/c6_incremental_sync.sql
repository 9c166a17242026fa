-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-incremental-sync
-- category: conduct
-- weight: 2
-- description: The second night's sync asks HireHarbor only for what changed: every read of the
--  candidate list in run 3 that hands out people carries updated_after (an e-mail search is not a walk
--  and is not judged; nor is a page that hands out nobody, such as a page past the end read for the
--  list's total).
--  Guarded: a run 3 that read HireHarbor's people not at all (no candidate list, no candidate by id, no
--  activity log: a design that learns what changed from the activity log and reads those people by id
--  passes) did not sync.
WITH reads AS (
    SELECT seq, query FROM exchanges
    WHERE vendor = 'hireharbor' AND direction = 'to_vendor' AND method = 'GET' AND path = '/v1/candidates'
      AND phase = 'scenario:run3' AND (query->'$.email') IS NULL
      AND NOT (coalesce(json_valid(resp_body), false) AND json_type(CAST(resp_body AS JSON)) = 'ARRAY'
               AND json_array_length(CAST(resp_body AS JSON)) = 0)
)
SELECT seq, 'candidate list read without updated_after (a full walk)' AS problem, CAST(query AS VARCHAR) AS query
FROM reads WHERE (query->'$.updated_after') IS NULL
UNION ALL
SELECT NULL, 'no read of HireHarbor''s people or their changes in run 3', NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges
                  WHERE vendor = 'hireharbor' AND direction = 'to_vendor' AND method = 'GET'
                    AND phase = 'scenario:run3'
                    AND (path = '/v1/candidates' OR path = '/v1/activity'
                         OR regexp_matches(path, '^/v1/candidates/[0-9]+$')))
