-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-stage-per-job
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: Each moved opportunity's application sits at the stage of its own job that the stage map
--   names (stage ids differ per job, and the pipelines differ), or at that job's In review when the stage
--   is unmapped or missing from the job; the candidate of a contact with such an opportunity carries the
--   tag needs-triage, and no other candidate does.
SELECT k.opportunity_id AS opportunity_or_contact, CAST(a.application_id AS VARCHAR) AS application_or_candidate,
       a.stage_id, k.stage_id AS expected_stage_id, 'wrong stage' AS problem
FROM k_opp k JOIN k_app a ON a.opportunity_id = k.opportunity_id
WHERE k.moves AND a.stage_id IS DISTINCT FROM k.stage_id
  AND (SELECT count(*) FROM k_app b WHERE b.opportunity_id = k.opportunity_id) = 1
UNION ALL
SELECT k.contact_id, CAST(c.id AS VARCHAR), NULL, NULL, 'triaged opportunity, candidate without needs-triage'
FROM k_contact k JOIN k_match m ON m.contact_id = k.contact_id JOIN state.crewtide_candidates c ON c.id = m.candidate_id
WHERE k.triage AND NOT list_contains(CAST(c.tags AS VARCHAR[]), 'needs-triage')
UNION ALL
SELECT NULL, CAST(c.id AS VARCHAR), NULL, NULL, 'needs-triage without a triaged opportunity'
FROM state.crewtide_candidates c
WHERE list_contains(CAST(c.tags AS VARCHAR[]), 'needs-triage')
  AND NOT EXISTS (SELECT 1 FROM k_match m JOIN k_contact k ON k.contact_id = m.contact_id
                  WHERE m.candidate_id = c.id AND k.triage)
