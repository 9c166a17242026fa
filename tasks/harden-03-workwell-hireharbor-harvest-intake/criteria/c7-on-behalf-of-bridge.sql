-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-on-behalf-of-bridge
-- category: correctness
-- weight: 1
-- mandatory: false
-- description: Every change in HireHarbor's activity log (the scenario's other users change
--  only Workwell, so every entry is the bridge's) was made on behalf of the integration user
--  bridge@meadowlark.example. An empty log is a violation.
SELECT a.id, a.action, a.user_id, a.candidate_id, a.application_id
FROM state.hireharbor_activity a
WHERE a.user_id IS DISTINCT FROM (SELECT id FROM cp_initial.hireharbor_users
                                  WHERE lower(email) = 'bridge@meadowlark.example')
UNION ALL
SELECT NULL, 'no activity at all', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM state.hireharbor_activity)
