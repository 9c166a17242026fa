-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-gate-matches
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each sweep (cp1) and at the end (final) the gate has exactly one row per
--  ClearCheck check with ClearCheck's candidate_ref (external_id), status, result and
--  decided_at (completed_at), including the checks whose webhooks were never sent; no row for
--  a check ClearCheck does not have. Left to other criteria: a completed check the receiver
--  was told about shown with an earlier status (c3) and the three checks released while the
--  first sweep ran (c5 judges them at the end; at cp1 they are in transition).
SELECT 'the gate is empty' AS problem, cp, NULL AS check_id, NULL AS cc_status, NULL AS gate_status,
       NULL AS cc_result, NULL AS gate_result
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM h6_cmp c WHERE c.cp = t.cp AND c.in_gate)
UNION ALL
SELECT CASE WHEN NOT in_gate THEN 'missing from the gate' WHEN NOT in_clearcheck THEN 'not a ClearCheck check'
            ELSE 'differs from ClearCheck' END, cp, check_id, cc_status, gate_status, cc_result, gate_result
FROM h6_cmp
WHERE NOT matches
  AND NOT (shown_earlier AND check_id NOT IN (SELECT check_id FROM h6_silent))
  AND check_id NOT IN (SELECT check_id FROM h6_late)
