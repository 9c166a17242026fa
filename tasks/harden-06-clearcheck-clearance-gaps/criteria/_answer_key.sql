-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions: the gate held against ClearCheck at each graded checkpoint (cp1, after
-- the first sweep; final, after the second sweep and the webhooks that followed it), and the
-- roles of the checks.
-- h6_silent: checks whose check.completed delivery ClearCheck dropped (the incident).
CREATE VIEW h6_silent AS
SELECT DISTINCT 'chk_' || regexp_extract(event_id, '^msg_([0-9a-f]+)_complete$', 1) AS check_id
FROM state.clearcheck_webhook_deliveries
WHERE event_type = 'check.completed' AND status = 'dropped';

-- h6_late: the silent checks that finished before the first sweep (two 50 s before, a consider
-- 3 h before) and were released by ClearCheck after it (the mutate step finished_before_sweep
-- names them).
CREATE VIEW h6_late AS
SELECT DISTINCT unnest(CAST(json_extract_string(payload, '$.ops[*].id') AS VARCHAR[])) AS check_id
FROM events WHERE type = 'step' AND step = 'finished_before_sweep';

-- h6_old: checks complete before the scenario began, whose reports are long expired (410).
CREATE VIEW h6_old AS
SELECT id AS check_id FROM cp_initial.clearcheck_checks WHERE status = 'complete';

-- h6_cmp: one row per (checkpoint, check) of ClearCheck or of the gate.
CREATE VIEW h6_cmp AS
WITH s AS (
    SELECT 'cp1' AS cp, id, external_id, status, result, completed_at FROM cp_cp1.clearcheck_checks
    UNION ALL
    SELECT 'final', id, external_id, status, result, completed_at FROM state.clearcheck_checks
), o AS (
    SELECT 'cp1' AS cp, check_id, candidate_ref, status, result, decided_at FROM cp_cp1.output_badge_gate
    UNION ALL
    SELECT 'final', check_id, candidate_ref, status, result, decided_at FROM output.badge_gate
), od AS (
    SELECT cp, check_id, any_value(candidate_ref) AS candidate_ref, any_value(status) AS status,
           any_value(result) AS result, any_value(decided_at) AS decided_at, count(*) AS n
    FROM o GROUP BY cp, check_id
)
SELECT coalesce(s.cp, od.cp) AS cp, coalesce(s.id, od.check_id) AS check_id,
       s.id IS NOT NULL AS in_clearcheck, od.check_id IS NOT NULL AS in_gate, coalesce(od.n, 0) AS gate_rows,
       s.status AS cc_status, s.result AS cc_result, s.completed_at AS cc_completed_at,
       od.status AS gate_status, od.result AS gate_result, od.decided_at AS gate_decided_at,
       (od.check_id IS NOT NULL AND s.id IS NOT NULL
        AND coalesce(od.candidate_ref, '') = coalesce(s.external_id, '')
        AND lower(trim(coalesce(od.status, ''))) = s.status
        AND nullif(lower(trim(coalesce(od.result, ''))), '') IS NOT DISTINCT FROM
            (CASE WHEN s.status = 'complete' THEN s.result END)
        AND date_trunc('second', CAST(try_cast(nullif(trim(coalesce(od.decided_at, '')), '') AS TIMESTAMPTZ) AS TIMESTAMP))
            IS NOT DISTINCT FROM
            (CASE WHEN s.status = 'complete' THEN date_trunc('second', CAST(s.completed_at AS TIMESTAMP)) END)
        AND od.n = 1) AS matches,
       (s.status = 'complete' AND lower(trim(coalesce(od.status, ''))) IN ('pending', 'in_progress')) AS shown_earlier
FROM s FULL OUTER JOIN od ON s.cp = od.cp AND s.id = od.check_id;
