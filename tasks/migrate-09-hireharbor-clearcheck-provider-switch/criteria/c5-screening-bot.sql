-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-screening-bot
-- category: correctness
-- weight: 2
-- description: Every change to an application's fields in HireHarbor's activity log is made on
--  behalf of the screening bot (screening-bot@skyguard.example). Guarded: no change by the bot
--  proves nothing.
WITH bot AS (SELECT id FROM state.hireharbor_users WHERE lower(email) = 'screening-bot@skyguard.example')
SELECT 'no application change by the screening bot' AS problem, NULL AS activity_id, NULL AS user_id, NULL AS application_id
WHERE NOT EXISTS (SELECT 1 FROM state.hireharbor_activity WHERE action = 'application.updated' AND user_id IN (SELECT id FROM bot))
UNION ALL
SELECT 'changed on behalf of another user', id, user_id, application_id
FROM state.hireharbor_activity
WHERE action = 'application.updated' AND (user_id IS NULL OR user_id NOT IN (SELECT id FROM bot))
