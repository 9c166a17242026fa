-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-application-per-opportunity
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: Every Pipelane opportunity that moves (open, or archived within 180 days; posting in the
--   map) has exactly one job application on the Crewtide job its posting maps to, among the candidates
--   of its contact. Nothing migrated fails on every opportunity.
SELECT k.opportunity_id, k.contact_id, k.job_id, count(a.application_id) AS applications
FROM k_opp k LEFT JOIN k_app a ON a.opportunity_id = k.opportunity_id
WHERE k.moves
GROUP BY ALL
HAVING count(a.application_id) <> 1
