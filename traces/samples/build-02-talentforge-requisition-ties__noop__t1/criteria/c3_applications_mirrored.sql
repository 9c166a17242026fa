-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-applications-mirrored
-- category: correctness
-- weight: 3
-- population: SELECT count(*) FROM state.talentforge_applications
-- description: Every TalentForge application is in the store, linked to its requisition, with the
--  candidate's e-mail in lower case, its stage and updated_at (ISO-8601 UTC) as at the end
--  (stage and updated_at of the bulk-edited applications are judged by c2).
WITH bulk AS (
    SELECT unnest(CAST(r->'$.ids' AS VARCHAR[])) AS id
    FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r
          FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'bulk_edit')
    WHERE r->>'$.table' = 'applications'
), o AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(requisition_tf_id AS VARCHAR) AS req,
           CAST(candidate_email AS VARCHAR) AS email, CAST(stage AS VARCHAR) AS stage,
           CAST(updated_at AS VARCHAR) AS updated_at
    FROM output.applications
    QUALIFY row_number() OVER (PARTITION BY tf_id ORDER BY updated_at DESC NULLS LAST, req, email, stage) = 1
)
SELECT s.id,
       CASE WHEN o.tf_id IS NULL THEN 'missing from the store'
            WHEN o.req IS DISTINCT FROM s.requisition_id THEN 'wrong requisition'
            WHEN nullif(o.email, '') IS DISTINCT FROM lower(s.candidate_email) THEN 'candidate_email'
            WHEN o.stage IS DISTINCT FROM s.stage THEN 'stage'
            ELSE 'updated_at' END AS problem,
       o.req AS store_requisition, s.requisition_id, o.email AS store_email, o.stage AS store_stage
FROM state.talentforge_applications s
LEFT JOIN o ON o.tf_id = s.id
WHERE o.tf_id IS NULL
   OR o.req IS DISTINCT FROM s.requisition_id
   OR nullif(o.email, '') IS DISTINCT FROM lower(s.candidate_email)
   OR (s.id NOT IN (SELECT id FROM bulk) AND (
          o.stage IS DISTINCT FROM s.stage
          OR NOT coalesce(regexp_matches(o.updated_at, '(Z|[+-]00:?00)$')
                          AND TRY_CAST(o.updated_at AS TIMESTAMPTZ) = timezone('UTC', CAST(s.updated_at AS TIMESTAMP)),
                          false)))
