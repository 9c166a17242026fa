-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-expired-reports
-- category: resilience
-- weight: 2
-- population: SELECT 2 * count(*) FROM h6_old
-- description: Checks that completed days before (their reports answer 410) are in the gate
--  with ClearCheck's status, result and decided_at, at cp1 and at the end.
SELECT cp, check_id, gate_status, gate_result, cc_result
FROM h6_cmp
WHERE check_id IN (SELECT check_id FROM h6_old) AND NOT matches AND in_clearcheck
