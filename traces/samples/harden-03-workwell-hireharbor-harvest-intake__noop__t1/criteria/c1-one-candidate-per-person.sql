-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-candidate-per-person
-- category: integrity
-- weight: 6
-- mandatory: true
-- description: No e-mail address (lower-cased) belongs to more than one live HireHarbor
--  candidate after either run. A checkpoint at which the bridge had created no candidate for
--  any qualified applicant is a violation too (nothing done proves nothing).
SELECT cp AS checkpoint, email, count(DISTINCT id) AS candidates, list(DISTINCT id ORDER BY id) AS candidate_ids
FROM ak_hh_cands GROUP BY cp, email HAVING count(DISTINCT id) > 1
UNION ALL
SELECT t.cp, NULL, 0, NULL
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_people p JOIN ak_hh_cands h ON h.cp = p.cp AND h.email = p.email
                  WHERE p.cp = t.cp AND h.new)
