-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-never-backwards
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: A completed check whose completion ClearCheck delivered is never shown with an
--  earlier status (pending, in_progress) in the gate, at cp1 or at the end (late
--  check.in_progress deliveries arrive after the completions).
SELECT 'the gate is empty' AS problem, NULL AS cp, NULL AS check_id, NULL AS gate_status
WHERE (SELECT count(*) FROM output.badge_gate) = 0
UNION ALL
SELECT 'shown with an earlier status', cp, check_id, gate_status
FROM h6_cmp
WHERE shown_earlier AND check_id NOT IN (SELECT check_id FROM h6_silent)
