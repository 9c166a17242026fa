-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-id-map
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After runs 2 and 3 (cp2, final) id_map.csv has one row per Workwell candidate:
--   a migrated applicant with outcome migrated and the ids of their Scoutly candidate and
--   application as Scoutly holds them, a flagged one with outcome flagged and no Scoutly ids.
WITH truth AS (
    SELECT k.cp, k.external_id,
           CASE WHEN k.status IS NULL THEN 'flagged' ELSE 'migrated' END AS outcome,
           CASE WHEN k.status IS NOT NULL THEN c.id END AS candidate_id,
           CASE WHEN k.status IS NOT NULL THEN a.id END AS application_id
    FROM key_applicants k
    LEFT JOIN sc_cands c ON c.cp = k.cp AND c.external_id = k.external_id
    LEFT JOIN sc_jobs j ON j.cp = k.cp AND j.ref_number = k.shortcode
    LEFT JOIN sc_apps a ON a.cp = c.cp AND a.candidate_id = c.id AND a.job_id = j.id
), rows AS (
    SELECT cp, lower(trim(workwell_id)) AS workwell_id, nullif(trim(scoutly_candidate_id), '') AS candidate_id,
           nullif(trim(scoutly_application_id), '') AS application_id, lower(trim(outcome)) AS outcome,
           count(*) OVER (PARTITION BY cp, lower(trim(workwell_id))) AS n
    FROM id_map
)
SELECT t.cp AS checkpoint, t.external_id AS workwell_id, r.outcome, r.candidate_id, r.application_id,
       CASE WHEN r.workwell_id IS NULL THEN 'no row' WHEN r.n > 1 THEN 'more than one row'
            WHEN r.outcome IS DISTINCT FROM t.outcome THEN 'outcome is not ' || t.outcome
            ELSE 'Scoutly ids differ from Scoutly' END AS problem
FROM truth t LEFT JOIN rows r ON r.cp = t.cp AND r.workwell_id = t.external_id
WHERE r.workwell_id IS NULL OR r.n > 1 OR r.outcome IS DISTINCT FROM t.outcome
   OR r.candidate_id IS DISTINCT FROM t.candidate_id OR r.application_id IS DISTINCT FROM t.application_id
UNION ALL
SELECT r.cp, r.workwell_id, r.outcome, r.candidate_id, r.application_id, 'a row for no Workwell candidate'
FROM rows r WHERE NOT EXISTS (SELECT 1 FROM truth t WHERE t.cp = r.cp AND t.external_id = r.workwell_id)
