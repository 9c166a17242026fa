-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-bulk-edit-ties
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM (SELECT unnest(CAST(r->'$.ids' AS VARCHAR[])) FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'bulk_edit'))
-- description: The records of the bulk edit that TalentForge stamped with the second the first run
--  had already seen (25 requisitions re-assigned to a new hiring manager, 40 applications moved on)
--  are in the store with their edited values at the end: none is missing or still holds the value
--  it had before the edit.
WITH bulk AS (
    SELECT r->>'$.table' AS tbl, unnest(CAST(r->'$.ids' AS VARCHAR[])) AS id
    FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r
          FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'bulk_edit')
), oreq AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(hm_email AS VARCHAR) AS hm_email, CAST(updated_at AS VARCHAR) AS u
    FROM output.requisitions
), oapp AS (
    SELECT CAST(tf_id AS VARCHAR) AS tf_id, CAST(stage AS VARCHAR) AS stage, CAST(updated_at AS VARCHAR) AS u
    FROM output.applications
)
SELECT b.id, 'requisition' AS kind,
       CASE WHEN o.tf_id IS NULL THEN 'missing from the store' ELSE 'still the pre-edit hiring manager' END AS problem,
       o.hm_email AS store_value, p.hm_email AS pre_edit_value, s.hm_email AS current_value
FROM bulk b
JOIN cp_cp1.talentforge_requisitions p ON p.id = b.id
JOIN state.talentforge_requisitions s ON s.id = b.id
LEFT JOIN oreq o ON o.tf_id = b.id
WHERE b.tbl = 'requisitions'
  AND (o.tf_id IS NULL OR lower(nullif(o.hm_email, '')) IS NOT DISTINCT FROM lower(p.hm_email))
UNION ALL
SELECT b.id, 'application',
       CASE WHEN o.tf_id IS NULL THEN 'missing from the store' ELSE 'still the pre-edit stage' END,
       o.stage, p.stage, s.stage
FROM bulk b
JOIN cp_cp1.talentforge_applications p ON p.id = b.id
JOIN state.talentforge_applications s ON s.id = b.id
LEFT JOIN oapp o ON o.tf_id = b.id
WHERE b.tbl = 'applications'
  AND (o.tf_id IS NULL OR o.stage IS NOT DISTINCT FROM p.stage)
UNION ALL
SELECT NULL, NULL, 'the bulk edit is not in the events (scenario broken)', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM bulk)
