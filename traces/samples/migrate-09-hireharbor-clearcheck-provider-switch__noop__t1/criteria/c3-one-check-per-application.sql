-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-check-per-application
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: After each run no application has more than one ClearCheck check that is not
--  cancelled. Guarded: no check at all proves nothing.
SELECT 'no ClearCheck check was ordered' AS problem, NULL AS cp, NULL AS external_id, NULL AS live_checks
WHERE NOT EXISTS (SELECT 1 FROM m9_checks WHERE cp = 'final')
UNION ALL
SELECT 'more than one live check', cp, external_id, count(*)
FROM m9_checks WHERE status <> 'cancelled'
GROUP BY cp, external_id HAVING count(*) > 1
