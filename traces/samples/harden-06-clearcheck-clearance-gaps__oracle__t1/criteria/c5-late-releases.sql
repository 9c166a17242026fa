-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-late-releases
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: The three silent checks that ClearCheck showed complete only after the first
--  sweep had started, with a completed_at before it (two clear ones finished 50 s before it, a
--  consider 3 h before it: ClearCheck holds a consider 3 h for a second review), are in the
--  gate at the end with ClearCheck's status, result and decided_at (the second sweep must find
--  them).
SELECT 'no late check in the scenario' AS problem, NULL AS check_id, NULL AS gate_status, NULL AS cc_status
WHERE (SELECT count(*) FROM h6_late) = 0
UNION ALL
SELECT 'not as ClearCheck has it', check_id, gate_status, cc_status
FROM h6_cmp
WHERE cp = 'final' AND check_id IN (SELECT check_id FROM h6_late) AND NOT matches
