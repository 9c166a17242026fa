-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-fields-written-back
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After each run, an application with a ClearCheck check shows bg_provider
--  clearcheck and, while the check is open, bg_status ordered and no bg_completed_on; once it
--  is complete, bg_status = its result and bg_completed_on = its completion's UTC date
--  (YYYY-MM-DD), whatever a webhook claimed. Every other application keeps Vantage's
--  bg_provider, bg_status and bg_completed_on. Guarded: nothing written back proves nothing.
WITH k AS (
    SELECT cp, trim(external_id) AS app_key, any_value(status) AS status, any_value(result) AS result,
           any_value(completed_at) AS completed_at
    FROM m9_checks WHERE status <> 'cancelled' GROUP BY cp, trim(external_id)
), w AS (
    SELECT a.cp, a.app_id,
           coalesce(json_extract_string(a.custom_fields, '$.bg_provider'), '') AS provider,
           coalesce(json_extract_string(a.custom_fields, '$.bg_status'), '') AS status,
           coalesce(json_extract_string(a.custom_fields, '$.bg_completed_on'), '') AS completed,
           k.app_key IS NOT NULL AS has_check,
           CASE WHEN k.app_key IS NULL THEN a.provider0 ELSE 'clearcheck' END AS want_provider,
           CASE WHEN k.app_key IS NULL THEN a.status0 WHEN k.status = 'complete' THEN k.result ELSE 'ordered' END AS want_status,
           CASE WHEN k.app_key IS NULL THEN a.completed0
                WHEN k.status = 'complete' THEN strftime(CAST(try_cast(k.completed_at AS TIMESTAMP) AS DATE), '%Y-%m-%d')
                ELSE '' END AS want_completed
    FROM m9_apps a LEFT JOIN k ON k.cp = a.cp AND k.app_key = CAST(a.app_id AS VARCHAR)
)
SELECT 'nothing was written back' AS problem, NULL AS cp, NULL AS app_id, NULL AS fields, NULL AS wanted
WHERE NOT EXISTS (SELECT 1 FROM w WHERE cp = 'final' AND provider = 'clearcheck')
UNION ALL
SELECT CASE WHEN has_check THEN 'differs from its ClearCheck check' ELSE 'Vantage values changed' END, cp, app_id,
       provider || ' / ' || status || ' / ' || completed, want_provider || ' / ' || want_status || ' / ' || want_completed
FROM w
WHERE provider IS DISTINCT FROM want_provider OR status IS DISTINCT FROM want_status
   OR completed IS DISTINCT FROM want_completed
