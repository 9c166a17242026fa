-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-in-scope-complete
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After the second run the report holds every TalentForge application whose status is
--  active or offer (the week's new ones included).
SELECT s.id, s.status, s.stage, s.updated_at, 'missing from the report' AS problem
FROM state.talentforge_applications s
WHERE s.status IN ('active', 'offer')
  AND s.id NOT IN (SELECT CAST(id AS VARCHAR) FROM output.applications WHERE id IS NOT NULL)
