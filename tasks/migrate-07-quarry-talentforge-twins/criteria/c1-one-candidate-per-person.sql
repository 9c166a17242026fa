-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-candidate-per-person
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: Every person in scope the parent's tenant did not have is exactly one TalentForge
--  candidate with external_id QY-<their oldest Quarry record>; no QY- candidate stands for anyone
--  else (a twin migrated on its own carries its own QY- id). The answer key is in _answer_key.sql.
SELECT g.gid, g.ext AS external_id, count(c.id) AS candidates, 'not exactly one candidate' AS problem
FROM ak_group g LEFT JOIN state.talentforge_candidates c ON c.external_id = g.ext
WHERE g.parent_id IS NULL
GROUP BY g.gid, g.ext HAVING count(c.id) <> 1
UNION ALL
SELECT NULL, c.external_id, 1, 'QY- candidate of no person in scope'
FROM state.talentforge_candidates c
WHERE c.external_id LIKE 'QY-%' AND c.external_id NOT IN (SELECT ext FROM ak_group WHERE parent_id IS NULL)
