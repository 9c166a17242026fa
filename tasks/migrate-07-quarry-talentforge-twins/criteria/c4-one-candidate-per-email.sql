-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-one-candidate-per-email
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: No e-mail address of a person in scope (any of their Quarry records') is on more
--  than one TalentForge candidate, the parent's own people included. A scenario where none of them
--  has a candidate is a violation (nothing to judge).
WITH mails AS (SELECT DISTINCT u.em FROM ak_group g, unnest(g.emails) AS u(em))
SELECT m.em, count(*) AS candidates, list(c.id ORDER BY c.id) AS candidate_ids
FROM mails m JOIN state.talentforge_candidates c ON lower(trim(c.email)) = m.em
GROUP BY m.em HAVING count(*) > 1
UNION ALL
SELECT 'no person in scope has a candidate', 0, NULL
WHERE NOT EXISTS (SELECT 1 FROM ak_group g JOIN state.talentforge_candidates c ON c.id = g.tf_id
                  WHERE g.parent_id IS NULL)
