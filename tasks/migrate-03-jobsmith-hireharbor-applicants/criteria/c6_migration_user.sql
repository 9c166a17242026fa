-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-migration-user
-- category: correctness
-- weight: 2
-- mandatory: false
-- description: Every change HireHarbor's activity log records during the scenario was made on behalf of
--  migration@apotekvale.example. Fails when the log records no change.
WITH mig AS (SELECT id FROM state.hireharbor_users WHERE lower(email) = 'migration@apotekvale.example'),
act AS (SELECT * FROM state.hireharbor_activity WHERE id NOT IN (SELECT id FROM cp_initial.hireharbor_activity))
SELECT id AS activity_id, action, user_id, 'not the migration user' AS problem
FROM act WHERE user_id IS NULL OR user_id NOT IN (SELECT id FROM mig)
UNION ALL
SELECT NULL, NULL, NULL, 'no change recorded' WHERE NOT EXISTS (SELECT 1 FROM act)
