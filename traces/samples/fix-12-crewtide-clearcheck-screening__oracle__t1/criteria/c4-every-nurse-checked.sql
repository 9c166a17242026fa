-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-every-nurse-checked
-- category: correctness
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM hires
-- description: After every cycle, each hired nurse has a live (not cancelled) check of the
--  `standard` package ordered for that person: the ClearCheck candidate carries their first name,
--  last name and e-mail as Crewtide has them. A check ClearCheck cancelled is replaced by the next
--  cycle.
SELECT h.cp, h.candidate_id, 'no live standard check for the nurse' AS problem
FROM hires h JOIN ct_candidates p ON p.cp = h.cp AND p.id = h.candidate_id
WHERE NOT EXISTS (
    SELECT 1 FROM hire_checks k JOIN cc_candidates c ON c.cp = k.cp AND c.id = k.cc_candidate_id
    WHERE k.cp = h.cp AND k.candidate_id = h.candidate_id AND k.package = 'standard' AND k.status <> 'cancelled'
      AND c.first_name = p.first_name AND c.last_name = p.last_name AND lower(c.email) = lower(p.email))
