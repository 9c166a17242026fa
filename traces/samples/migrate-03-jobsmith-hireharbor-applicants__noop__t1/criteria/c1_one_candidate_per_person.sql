-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-candidate-per-person
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) * 2 FROM ak_people p WHERE NOT EXISTS (SELECT 1 FROM ak_pilot_cands c WHERE p.email <> '' AND list_contains(c.emails, p.email))
-- description: After the next night's run and after the check run, every person (Jobsmith records
--  grouped by the ticket's rule: e-mail ignoring case and spaces, else phone digits + last name) is
--  exactly one live HireHarbor candidate with their first and last name, their e-mail (none when they
--  gave none) and their phone; no candidate belongs to two people or to nobody. Partial credit counts
--  the people the migration had to bring (those without a pilot candidate).
WITH cps AS (SELECT * FROM (VALUES ('cp2'), ('final')) t(cp)),
n AS (
    SELECT cps.cp, p.person, count(o.candidate_id) AS candidates
    FROM cps CROSS JOIN ak_people p
    LEFT JOIN ak_owner o ON o.cp = cps.cp AND o.person = p.person
    GROUP BY cps.cp, p.person
)
SELECT cp, person, NULL AS candidate_id, CAST(candidates AS VARCHAR) || ' candidates' AS problem
FROM n WHERE candidates <> 1
UNION ALL
SELECT o.cp, o.person, o.candidate_id, 'name, e-mail or phone differs from the person''s'
FROM ak_owner o JOIN ak_cand c ON c.cp = o.cp AND c.id = o.candidate_id JOIN ak_people p ON p.person = o.person
WHERE c.first_name IS DISTINCT FROM p.first_name OR c.last_name IS DISTINCT FROM p.last_name
   OR (p.digits <> '' AND NOT list_contains(c.phones, p.digits))
   OR (p.email = '' AND len(c.emails) > 0)
UNION ALL
SELECT cp, string_agg(person, ' | '), candidate_id, 'one candidate for several people'
FROM ak_owner GROUP BY cp, candidate_id HAVING count(*) > 1
UNION ALL
SELECT c.cp, NULL, c.id, 'a candidate that is none of the people'
FROM ak_cand c WHERE NOT EXISTS (SELECT 1 FROM ak_owner o WHERE o.cp = c.cp AND o.candidate_id = c.id)
