-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-next-night-adds-only-new
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: Run 2 creates no candidate for an employee who already had one after run 1.
--  Without any candidate created in run 2 (six employees opt in during the day) there is
--  nothing to compare: a violation.
SELECT c.id, c.external_id, 'created again in run 2' AS problem
FROM ak_ks_cands c
WHERE c.cp = 'final' AND c.id NOT IN (SELECT id FROM cp_cp1.talentforge_candidates)
  AND c.external_id IN (SELECT external_id FROM ak_ks_cands WHERE cp = 'cp1')
UNION ALL
SELECT NULL, NULL, 'nothing created in run 2'
WHERE NOT EXISTS (SELECT 1 FROM ak_ks_cands c WHERE c.cp = 'final'
                  AND c.id NOT IN (SELECT id FROM cp_cp1.talentforge_candidates))
