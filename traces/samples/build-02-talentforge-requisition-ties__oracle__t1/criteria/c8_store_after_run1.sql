-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-store-after-run1
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM cp_cp1.talentforge_requisitions) + (SELECT count(*) FROM cp_cp1.talentforge_applications)
-- description: After the first run (checkpoint cp1) the store already holds every TalentForge requisition
--  and application once, every column as the ticket maps it (code, title, site, planning status,
--  headcount, lower-case hiring-manager and candidate e-mails, stage, updated_at in ISO-8601 UTC)
--  from TalentForge's state at that moment: the first load finishes in one run.
-- c1, c3 and c7 judge the same columns after the last run; the second run is not dumped
-- (task.yaml not_graded).
WITH req AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(code AS VARCHAR) AS code, CAST(title AS VARCHAR) AS title,
           CAST(site AS VARCHAR) AS site, CAST(status AS VARCHAR) AS status, TRY_CAST(headcount AS BIGINT) AS headcount,
           nullif(CAST(hm_email AS VARCHAR), '') AS hm_email, CAST(updated_at AS VARCHAR) AS updated_at
    FROM cp_cp1.output_requisitions
), app AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(requisition_tf_id AS VARCHAR) AS req,
           nullif(CAST(candidate_email AS VARCHAR), '') AS email, CAST(stage AS VARCHAR) AS stage,
           CAST(updated_at AS VARCHAR) AS updated_at
    FROM cp_cp1.output_applications
)
SELECT s.id, 'requisition' AS kind, CASE WHEN o.tf_id IS NULL THEN 'missing from the store' ELSE 'a column differs' END AS problem,
       o.code AS store_code, o.status AS store_status, o.hm_email AS store_hm_email, o.updated_at AS store_updated_at
FROM cp_cp1.talentforge_requisitions s LEFT JOIN req o ON o.tf_id = s.id
WHERE o.tf_id IS NULL
   OR o.code IS DISTINCT FROM s.req_code OR o.title IS DISTINCT FROM s.title OR o.site IS DISTINCT FROM s.site
   OR o.headcount IS DISTINCT FROM s.headcount OR o.hm_email IS DISTINCT FROM lower(s.hm_email)
   OR o.status IS DISTINCT FROM CASE s.status WHEN 'OPEN' THEN 'open' WHEN 'PAUSED' THEN 'on_hold'
                                              WHEN 'FILLED' THEN 'filled' WHEN 'CLOSED' THEN 'cancelled' END
   OR NOT coalesce(regexp_matches(o.updated_at, '(Z|[+-]00:?00)$')
                   AND TRY_CAST(o.updated_at AS TIMESTAMPTZ) = timezone('UTC', CAST(s.updated_at AS TIMESTAMP)), false)
UNION ALL
SELECT s.id, 'application', CASE WHEN o.tf_id IS NULL THEN 'missing from the store' ELSE 'a column differs' END,
       o.req, o.stage, o.email, o.updated_at
FROM cp_cp1.talentforge_applications s LEFT JOIN app o ON o.tf_id = s.id
WHERE o.tf_id IS NULL
   OR o.req IS DISTINCT FROM s.requisition_id OR o.email IS DISTINCT FROM lower(s.candidate_email)
   OR o.stage IS DISTINCT FROM s.stage
   OR NOT coalesce(regexp_matches(o.updated_at, '(Z|[+-]00:?00)$')
                   AND TRY_CAST(o.updated_at AS TIMESTAMPTZ) = timezone('UTC', CAST(s.updated_at AS TIMESTAMP)), false)
UNION ALL
SELECT tf_id, 'requisition', 'stored ' || count(*) || ' times', NULL, NULL, NULL, NULL FROM req GROUP BY tf_id HAVING count(*) > 1
UNION ALL
SELECT tf_id, 'application', 'stored ' || count(*) || ' times', NULL, NULL, NULL, NULL FROM app GROUP BY tf_id HAVING count(*) > 1
