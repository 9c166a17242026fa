-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-one-check-per-applicant
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No applicant has two checks that are not cancelled (a check head office ordered
--  by hand before the integration counts as theirs, by the candidate's e-mail), and nothing is
--  ordered for anyone who was never at Offer (each order is paid for). Guarded: no order at all
--  proves nothing.
SELECT CAST(applicant_id AS VARCHAR) AS external_id, count(*) || ' live checks' AS problem
FROM offer_checks WHERE cp = 'final' AND status <> 'cancelled'
GROUP BY applicant_id HAVING count(*) > 1
UNION ALL
SELECT k.external_id, 'ordered for someone never at Offer: ' || k.id
FROM state.clearcheck_checks k
WHERE k.id NOT IN (SELECT id FROM cp_initial.clearcheck_checks)
  AND (k.external_id IS NULL OR k.external_id NOT IN (SELECT CAST(applicant_id AS VARCHAR) FROM offers))
UNION ALL
SELECT NULL, 'no check was ordered'
WHERE NOT EXISTS (SELECT 1 FROM state.clearcheck_checks WHERE id NOT IN (SELECT id FROM cp_initial.clearcheck_checks))
