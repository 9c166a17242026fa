-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-id-map
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After the next night's run and after the check run, id_map.csv has one row per listed
--  Jobsmith record: its person's candidate, and either outcome migrated with an application of that
--  candidate on the record's requisition job, or outcome no_job (no HireHarbor job has the requisition)
--  with no application id; no other rows.
WITH m AS (
    SELECT 'cp2' AS cp, TRY_CAST(trim(CAST(jobsmith_applicant_id AS VARCHAR)) AS BIGINT) AS aid,
           TRY_CAST(NULLIF(trim(CAST(hh_candidate_id AS VARCHAR)), '') AS BIGINT) AS cid,
           TRY_CAST(NULLIF(trim(CAST(hh_application_id AS VARCHAR)), '') AS BIGINT) AS app_id,
           lower(trim(CAST(outcome AS VARCHAR))) AS outcome
    FROM cp_cp2.output_id_map
    UNION ALL
    SELECT 'final', TRY_CAST(trim(CAST(jobsmith_applicant_id AS VARCHAR)) AS BIGINT),
           TRY_CAST(NULLIF(trim(CAST(hh_candidate_id AS VARCHAR)), '') AS BIGINT),
           TRY_CAST(NULLIF(trim(CAST(hh_application_id AS VARCHAR)), '') AS BIGINT),
           lower(trim(CAST(outcome AS VARCHAR)))
    FROM output.id_map
), cps AS (SELECT * FROM (VALUES ('cp2'), ('final')) t(cp))
SELECT cps.cp, r.applicant_id, 'missing or repeated row' AS problem
FROM cps CROSS JOIN ak_rec r
WHERE (SELECT count(*) FROM m WHERE m.cp = cps.cp AND m.aid = r.applicant_id) <> 1
UNION ALL
SELECT m.cp, m.aid, 'row for no listed Jobsmith record'
FROM m WHERE m.aid IS NULL OR m.aid NOT IN (SELECT applicant_id FROM ak_rec)
UNION ALL
SELECT m.cp, m.aid, 'wrong candidate, application or outcome'
FROM m JOIN ak_rec r ON r.applicant_id = m.aid
WHERE NOT EXISTS (SELECT 1 FROM ak_owner o WHERE o.cp = m.cp AND o.candidate_id = m.cid AND o.person = r.person)
   OR (r.hh_job_id IS NULL AND (m.outcome IS DISTINCT FROM 'no_job' OR m.app_id IS NOT NULL))
   OR (r.hh_job_id IS NOT NULL AND (m.outcome IS DISTINCT FROM 'migrated'
       OR NOT EXISTS (SELECT 1 FROM ak_apps a WHERE a.cp = m.cp AND a.id = m.app_id AND a.candidate_id = m.cid
                      AND a.job_id = r.hh_job_id)))
