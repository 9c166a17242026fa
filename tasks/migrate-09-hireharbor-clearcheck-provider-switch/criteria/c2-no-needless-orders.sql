-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-no-needless-orders
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: No check is ordered (each is invoiced) for an application that, on the day of
--  the order, had a valid Vantage check (clear, completed less than 12 months before), was
--  still inside its 14 days, or was out of scope; nor for anything that is not a HireHarbor
--  application. Guarded: no check at all proves nothing.
SELECT 'no ClearCheck check was ordered' AS problem, NULL AS check_id, NULL AS external_id, NULL AS decision
WHERE NOT EXISTS (SELECT 1 FROM state.clearcheck_checks)
UNION ALL
SELECT 'ordered for no HireHarbor application', k.id, k.external_id, NULL
FROM state.clearcheck_checks k
WHERE k.status <> 'cancelled'
  AND coalesce(trim(k.external_id), '') NOT IN (SELECT CAST(id AS VARCHAR) FROM state.hireharbor_applications)
UNION ALL
SELECT CASE WHEN NOT a.in_scope THEN 'ordered out of scope' WHEN a.decision = 'keep' THEN 'ordered despite a valid Vantage check'
            ELSE 'ordered inside the 14 days' END, k.id, k.external_id, a.decision
FROM state.clearcheck_checks k
JOIN m9_apps a ON CAST(a.app_id AS VARCHAR) = trim(k.external_id) AND a.d = CAST(try_cast(k.created_at AS TIMESTAMP) AS DATE)
WHERE k.status <> 'cancelled' AND NOT a.edge AND NOT (a.in_scope AND a.decision = 'order')
