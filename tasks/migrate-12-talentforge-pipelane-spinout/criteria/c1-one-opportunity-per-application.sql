-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-opportunity-per-application
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_app WHERE in_scope
-- description: At every checkpoint after a run or the receiver (moved, forwarded, final, rerun), every application to
--   a GRF- requisition has exactly one Pipelane opportunity tagged tf:<application id> (and no other tag).
SELECT a.cp, a.app_id, count(o.id) AS opportunities
FROM k_app a LEFT JOIN k_opp o ON o.cp = a.cp AND o.app_id = a.app_id
WHERE a.in_scope
GROUP BY a.cp, a.app_id
HAVING count(o.id) <> 1
