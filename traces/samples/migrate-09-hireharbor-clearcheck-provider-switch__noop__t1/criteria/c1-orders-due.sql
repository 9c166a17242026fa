-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-orders-due
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each run, every application in scope (at Offer, or hired within 90 days,
--  on HireHarbor's date) that the policy says needs a check (Vantage check older than 12
--  months, in flight for more than 14 days, complete without a date, or none) has a live
--  ClearCheck aviation_basic check with its application id as external_id, for that person;
--  including the waiting ones that crossed 14 days between runs and the new offer. Guarded: no
--  check at all proves nothing.
SELECT 'no ClearCheck check was ordered' AS problem, NULL AS cp, NULL AS app_id, NULL AS decision
WHERE NOT EXISTS (SELECT 1 FROM m9_checks WHERE cp = 'final')
UNION ALL
SELECT 'due but no live aviation_basic check for that person', a.cp, a.app_id, a.decision
FROM m9_apps a
WHERE a.in_scope AND a.decision = 'order' AND NOT a.edge
  AND NOT EXISTS (SELECT 1 FROM m9_live l WHERE l.cp = a.cp AND l.app_id = a.app_id)
