-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-requisitions-mirrored
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM state.talentforge_requisitions
-- description: Every TalentForge requisition is in the store with its code, title, site, headcount,
--  lower-case hiring-manager e-mail and updated_at (ISO-8601 UTC) as TalentForge has them at the end.
--  Status is judged by c7; the hiring manager and updated_at of the bulk-edited requisitions by c2.
WITH bulk AS (
    SELECT unnest(CAST(r->'$.ids' AS VARCHAR[])) AS id
    FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r
          FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'bulk_edit')
    WHERE r->>'$.table' = 'requisitions'
), o AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(code AS VARCHAR) AS code, CAST(title AS VARCHAR) AS title,
           CAST(site AS VARCHAR) AS site, TRY_CAST(headcount AS BIGINT) AS headcount,
           CAST(hm_email AS VARCHAR) AS hm_email, CAST(updated_at AS VARCHAR) AS updated_at
    FROM output.requisitions
)
SELECT s.id, s.req_code,
       CASE WHEN o.tf_id IS NULL THEN 'missing from the store'
            WHEN o.code IS DISTINCT FROM s.req_code THEN 'code'
            WHEN o.title IS DISTINCT FROM s.title THEN 'title'
            WHEN o.site IS DISTINCT FROM s.site THEN 'site'
            WHEN o.headcount IS DISTINCT FROM s.headcount THEN 'headcount'
            WHEN s.id NOT IN (SELECT id FROM bulk) AND nullif(o.hm_email, '') IS DISTINCT FROM lower(s.hm_email)
                THEN 'hm_email'
            ELSE 'updated_at' END AS problem,
       o.code AS store_code, o.hm_email AS store_hm_email, o.updated_at AS store_updated_at
FROM state.talentforge_requisitions s
LEFT JOIN (SELECT * FROM o QUALIFY row_number() OVER (PARTITION BY tf_id ORDER BY updated_at DESC NULLS LAST, code, title, site, headcount, hm_email) = 1) o
       ON o.tf_id = s.id
WHERE o.tf_id IS NULL
   OR o.code IS DISTINCT FROM s.req_code
   OR o.title IS DISTINCT FROM s.title
   OR o.site IS DISTINCT FROM s.site
   OR o.headcount IS DISTINCT FROM s.headcount
   OR (s.id NOT IN (SELECT id FROM bulk) AND (
          nullif(o.hm_email, '') IS DISTINCT FROM lower(s.hm_email)
          OR NOT coalesce(regexp_matches(o.updated_at, '(Z|[+-]00:?00)$')
                          AND TRY_CAST(o.updated_at AS TIMESTAMPTZ) = timezone('UTC', CAST(s.updated_at AS TIMESTAMP)),
                          false)))
