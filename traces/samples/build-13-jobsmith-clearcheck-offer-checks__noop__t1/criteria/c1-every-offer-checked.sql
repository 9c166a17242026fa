-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-offer-checked
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM offers o JOIN cps ON cps.n >= o.due_n
-- description: From the cycle that first sees them at Offer on (cp1 for the 14 initial offers,
--  cp4 for the 3 later ones), every Offer applicant has a live (not cancelled) enhanced_childcare
--  check: one head office ordered by hand before the integration (theirs by the candidate's
--  e-mail), or one whose external_id is their applicant id, ordered for that person (the
--  ClearCheck candidate has their first name, last name and e-mail, ignoring case and spaces).
SELECT cps.cp, o.applicant_id, 'no live enhanced_childcare check for the applicant' AS problem
FROM offers o JOIN cps ON cps.n >= o.due_n
JOIN cp_initial.jobsmith_applicants a ON a.id = o.applicant_id
WHERE NOT EXISTS (
    SELECT 1 FROM offer_checks k JOIN cc_candidates c ON c.cp = k.cp AND c.id = k.candidate_id
    WHERE k.cp = cps.cp AND k.applicant_id = o.applicant_id
      AND k.package = 'enhanced_childcare' AND k.status <> 'cancelled'
      AND (k.by_hand OR (c.first_name = a.first_name AND c.last_name = a.last_name
                         AND lower(trim(c.email)) = lower(trim(a.email)))))
