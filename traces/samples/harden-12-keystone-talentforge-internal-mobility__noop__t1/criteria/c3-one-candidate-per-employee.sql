-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-candidate-per-employee
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No KS- external_id is on more than one TalentForge candidate after either run.
--  A checkpoint with no KS- candidate at all is a violation too (nothing pushed proves nothing).
SELECT cp AS checkpoint, external_id, count(*) AS candidates, list(id ORDER BY id) AS candidate_ids
FROM ak_ks_cands GROUP BY cp, external_id HAVING count(*) > 1
UNION ALL
SELECT t.cp, NULL, 0, NULL
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_ks_cands c WHERE c.cp = t.cp)
