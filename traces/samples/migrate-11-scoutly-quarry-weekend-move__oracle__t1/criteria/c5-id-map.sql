-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-id-map
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: After the weekend (final) id_map.csv has one row per Scoutly application with
--   the ids of the Quarry candidate and application it is (as Quarry holds them) and outcome
--   pilot for the applications the pilot had brought over (in Quarry before the first run),
--   migrated for the others; no row for anything else.
WITH truth AS (
    SELECT k.scoutly_id, c.id AS candidate_id, a.id AS application_id,
           CASE WHEN a.id IN (SELECT id FROM cp_initial.quarry_applications) THEN 'pilot' ELSE 'migrated' END AS outcome
    FROM k_apps k
    LEFT JOIN q_cands c ON c.email = k.email
    LEFT JOIN q_apps a ON a.candidate_id = c.id AND a.job_id = k.job_id
), rows AS (
    SELECT lower(trim(scoutly_id)) AS scoutly_id, nullif(trim(quarry_candidate_id), '') AS candidate_id,
           nullif(trim(quarry_application_id), '') AS application_id, lower(trim(outcome)) AS outcome,
           count(*) OVER (PARTITION BY lower(trim(scoutly_id))) AS n
    FROM output.id_map
)
SELECT t.scoutly_id, r.candidate_id, r.application_id, r.outcome,
       CASE WHEN r.scoutly_id IS NULL THEN 'no row' WHEN r.n > 1 THEN 'more than one row'
            WHEN r.outcome IS DISTINCT FROM t.outcome THEN 'outcome is not ' || t.outcome
            ELSE 'Quarry ids differ from Quarry' END AS problem
FROM truth t LEFT JOIN rows r ON r.scoutly_id = t.scoutly_id
WHERE r.scoutly_id IS NULL OR r.n > 1 OR r.outcome IS DISTINCT FROM t.outcome
   OR r.candidate_id IS DISTINCT FROM t.candidate_id OR r.application_id IS DISTINCT FROM t.application_id
   OR t.application_id IS NULL
UNION ALL
SELECT r.scoutly_id, r.candidate_id, r.application_id, r.outcome, 'a row for no Scoutly application'
FROM rows r WHERE r.scoutly_id NOT IN (SELECT scoutly_id FROM truth)
