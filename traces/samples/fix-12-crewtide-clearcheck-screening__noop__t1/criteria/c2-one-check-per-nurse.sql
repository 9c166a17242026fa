-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-one-check-per-nurse
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: At no checkpoint does a nurse have two checks that are not cancelled, and nothing
--  is ordered under an external_id that is not a hired nurse's candidate id (each order is paid
--  for). Guarded: no order at all proves nothing.
SELECT cp, CAST(candidate_id AS VARCHAR) AS who, count(*) || ' live checks' AS problem
FROM hire_checks WHERE status <> 'cancelled'
GROUP BY cp, candidate_id HAVING count(*) > 1
UNION ALL
SELECT k.cp, k.external_id, 'ordered for no hired nurse: ' || k.id
FROM cc_checks k
WHERE NOT EXISTS (SELECT 1 FROM hires h WHERE h.cp = k.cp AND CAST(h.candidate_id AS VARCHAR) = k.external_id)
UNION ALL
SELECT 'final', NULL, 'no check was ordered' WHERE NOT EXISTS (SELECT 1 FROM state.clearcheck_checks)
