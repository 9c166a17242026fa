-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-id-map
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After each migrate (checkpoints moved, final and rerun) id_map.csv has one row per in-scope application
--   and no other: its candidate, the contact its opportunity is on and the opportunity tagged with it.
SELECT a.cp, a.app_id, 'missing or duplicated in id_map' AS problem
FROM k_app a WHERE a.in_scope AND a.cp IN ('moved', 'final', 'rerun')
  AND (SELECT count(*) FROM k_id_map m WHERE m.cp = a.cp AND m.tf_application_id = a.app_id) <> 1
UNION ALL
SELECT m.cp, m.tf_application_id, 'row of no in-scope application'
FROM k_id_map m
WHERE NOT EXISTS (SELECT 1 FROM k_app a WHERE a.cp = m.cp AND a.app_id = m.tf_application_id AND a.in_scope)
UNION ALL
SELECT m.cp, m.tf_application_id, 'wrong candidate, contact or opportunity'
FROM k_id_map m JOIN k_app a ON a.cp = m.cp AND a.app_id = m.tf_application_id AND a.in_scope
LEFT JOIN k_opp o ON o.cp = m.cp AND o.app_id = m.tf_application_id
WHERE m.tf_candidate_id IS DISTINCT FROM a.candidate_id
   OR m.opportunity_id IS DISTINCT FROM o.id
   OR m.contact_id IS DISTINCT FROM o.contact_id
