-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-second-run-creates-only-the-new
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: The second run (Sunday) creates in Quarry only what Scoutly gained after the
--   scenario began (the recruiters' and the careers page's weekend additions): every
--   candidate.create Quarry answered with success true is for the e-mail of a Scoutly candidate
--   that was not there at initial, every application.create answered success true is on the
--   Quarry candidate and the mapped job of a Scoutly application that was not there at initial.
--   Anything else it created, Saturday's run should have (or it is a second copy). Without any
--   candidate beyond the pilot's at the end there is nothing the rerun could have repeated: a
--   violation.
WITH new_cands AS (
    SELECT lower(trim(email)) AS email FROM state.scoutly_candidates
    WHERE id NOT IN (SELECT id FROM cp_initial.scoutly_candidates)
), new_apps AS (
    SELECT q.id AS candidate_id, k.job_id
    FROM k_apps k JOIN q_cands q ON q.email = k.email
    WHERE k.scoutly_id NOT IN (SELECT id FROM cp_initial.scoutly_applications)
), creates AS (
    SELECT seq, path, status, CASE WHEN json_valid(req_body) THEN req_body::JSON END AS body
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'quarry' AND phase = 'scenario:run2'
      AND path LIKE '/%.create' AND status = 200
      AND CASE WHEN json_valid(resp_body) THEN json_extract(resp_body, '$.success') = 'true'::JSON ELSE FALSE END
)
SELECT seq, path, status, 'created in the second run, yet Scoutly had it before the first' AS problem
FROM creates x
WHERE NOT (path = '/candidate.create'
           AND EXISTS (SELECT 1 FROM new_cands n WHERE n.email = lower(trim(json_extract_string(x.body, '$.email')))))
  AND NOT (path = '/application.create'
           AND EXISTS (SELECT 1 FROM new_apps n WHERE n.candidate_id = json_extract_string(x.body, '$.candidateId')
                                                  AND n.job_id = json_extract_string(x.body, '$.jobId')))
UNION ALL
SELECT NULL, 'no candidate beyond the pilot''s at the end', NULL, 'nothing was moved'
WHERE NOT EXISTS (SELECT 1 FROM state.quarry_candidates
                  WHERE id NOT IN (SELECT id FROM cp_initial.quarry_candidates))
