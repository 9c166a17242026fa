-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions: Skyguard's screening policy (TICKET.md "Our rules") evaluated at each
-- graded checkpoint, on HireHarbor's date there. The scenario resets the vendors at
-- 2026-03-02T09:00Z and moves their clocks +3 d, +12 d and +2 d before runs 2-4, so the runs'
-- dates are 2026-03-02 (cp1), 03-05 (cp2), 03-17 (cp3) and 03-19 (final); a run takes seconds.

-- m9_legacy: Vantage's values on each application before the switch (the initial checkpoint).
CREATE VIEW m9_legacy AS
WITH f AS (
    SELECT id AS app_id,
           lower(trim(coalesce(json_extract_string(custom_fields, '$.bg_status'), ''))) AS st,
           trim(coalesce(json_extract_string(custom_fields, '$.bg_completed_on'), '')) AS done_raw,
           trim(coalesce(json_extract_string(custom_fields, '$.bg_ordered_on'), '')) AS ordered_raw,
           coalesce(json_extract_string(custom_fields, '$.bg_provider'), '') AS provider0,
           coalesce(json_extract_string(custom_fields, '$.bg_status'), '') AS status0,
           coalesce(json_extract_string(custom_fields, '$.bg_completed_on'), '') AS completed0
    FROM cp_initial.hireharbor_applications
)
SELECT *,
       CASE WHEN regexp_full_match(done_raw, '\d{4}-\d{2}-\d{2}') THEN CAST(try_strptime(done_raw, '%Y-%m-%d') AS DATE)
            WHEN regexp_full_match(done_raw, '\d{1,2}/\d{1,2}/\d{4}') THEN CAST(try_strptime(done_raw, '%m/%d/%Y') AS DATE)
       END AS done_on,
       CASE WHEN regexp_full_match(ordered_raw, '\d{4}-\d{2}-\d{2}') THEN CAST(try_strptime(ordered_raw, '%Y-%m-%d') AS DATE)
            WHEN regexp_full_match(ordered_raw, '\d{1,2}/\d{1,2}/\d{4}') THEN CAST(try_strptime(ordered_raw, '%m/%d/%Y') AS DATE)
       END AS ordered_on
FROM f;

-- m9_apps: one row per (checkpoint, application) with the checkpoint's date d, scope, the
-- policy's decision for an application without a ClearCheck check (keep | wait | order) and
-- `edge` when the decision sits on a boundary a reasonable reading could put either side
-- (exactly 14 days in flight; a completion or a hire within a day of 12 months / 90 days).
CREATE VIEW m9_apps AS
WITH a AS (
    SELECT 'cp1' AS cp, DATE '2026-03-02' AS d, id, candidate_id, status, current_stage_id, hired_at, custom_fields FROM cp_cp1.hireharbor_applications
    UNION ALL SELECT 'cp2', DATE '2026-03-05', id, candidate_id, status, current_stage_id, hired_at, custom_fields FROM cp_cp2.hireharbor_applications
    UNION ALL SELECT 'cp3', DATE '2026-03-17', id, candidate_id, status, current_stage_id, hired_at, custom_fields FROM cp_cp3.hireharbor_applications
    UNION ALL SELECT 'final', DATE '2026-03-19', id, candidate_id, status, current_stage_id, hired_at, custom_fields FROM state.hireharbor_applications
), s AS (
    SELECT a.*, lower(trim(st.name)) = 'offer' AS at_offer,
           CAST(CAST(try_cast(a.hired_at AS TIMESTAMP) AS DATE) AS DATE) AS hired_on
    FROM a LEFT JOIN cp_initial.hireharbor_stages st ON st.id = a.current_stage_id
)
SELECT s.cp, s.d, s.id AS app_id, s.candidate_id, s.custom_fields,
       (s.status = 'active' AND coalesce(s.at_offer, false))
         OR (s.status = 'hired' AND s.hired_on IS NOT NULL AND date_diff('day', s.hired_on, s.d) <= 90) AS in_scope,
       CASE WHEN l.st IN ('clear', 'cleared', 'clr') AND l.done_on IS NOT NULL AND l.done_on > s.d - INTERVAL 1 YEAR THEN 'keep'
            WHEN l.st IN ('in progress', 'pending', 'submitted') AND l.ordered_on IS NOT NULL
                 AND date_diff('day', l.ordered_on, s.d) <= 14 THEN 'wait'
            ELSE 'order' END AS decision,
       (l.st IN ('in progress', 'pending', 'submitted') AND l.ordered_on IS NOT NULL AND date_diff('day', l.ordered_on, s.d) = 14)
         OR (l.st IN ('clear', 'cleared', 'clr') AND l.done_on IS NOT NULL
             AND abs(date_diff('day', l.done_on, CAST(s.d - INTERVAL 1 YEAR AS DATE))) <= 1)
         OR (s.status = 'hired' AND s.hired_on IS NOT NULL AND abs(date_diff('day', s.hired_on, s.d) - 90) <= 1) AS edge,
       l.provider0, l.status0, l.completed0
FROM s JOIN m9_legacy l ON l.app_id = s.id;

-- m9_checks: ClearCheck's checks at each checkpoint, with their candidate.
CREATE VIEW m9_checks AS
WITH k AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.clearcheck_checks
    UNION ALL SELECT 'cp2', * FROM cp_cp2.clearcheck_checks
    UNION ALL SELECT 'cp3', * FROM cp_cp3.clearcheck_checks
    UNION ALL SELECT 'final', * FROM state.clearcheck_checks
), c AS (
    SELECT 'cp1' AS cp, * FROM cp_cp1.clearcheck_candidates
    UNION ALL SELECT 'cp2', * FROM cp_cp2.clearcheck_candidates
    UNION ALL SELECT 'cp3', * FROM cp_cp3.clearcheck_candidates
    UNION ALL SELECT 'final', * FROM state.clearcheck_candidates
)
SELECT k.cp, k.id AS check_id, k.external_id, k.package, k.status, k.result, k.completed_at, k.created_at,
       k.candidate_id, c.first_name, c.last_name, c.email
FROM k LEFT JOIN c ON c.cp = k.cp AND c.id = k.candidate_id;

-- m9_live: per checkpoint and application, its non-cancelled aviation_basic check for that
-- person (first and last name and e-mail as in HireHarbor), if it has one.
CREATE VIEW m9_live AS
SELECT a.cp, a.app_id, k.check_id, k.status, k.result, k.completed_at
FROM m9_apps a
JOIN m9_checks k ON k.cp = a.cp AND trim(k.external_id) = CAST(a.app_id AS VARCHAR) AND k.status <> 'cancelled'
JOIN cp_initial.hireharbor_candidates p ON p.id = a.candidate_id
WHERE k.package = 'aviation_basic'
  AND k.first_name = p.first_name AND k.last_name = p.last_name
  AND lower(trim(k.email)) = lower(trim(json_extract_string(p.emails, '$[0]')));
