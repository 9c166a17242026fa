-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-one-row-per-id
-- category: integrity
-- weight: 2
-- description: After three runs (the second and third seeing the same records again) the store
--  holds each TalentForge id once, and holds no id TalentForge does not have (an empty store fails).
SELECT CAST(tf_id AS VARCHAR) AS tf_id, 'requisitions' AS tbl, count(*) AS rows
FROM output.requisitions GROUP BY tf_id HAVING count(*) > 1
UNION ALL
SELECT CAST(tf_id AS VARCHAR), 'applications', count(*)
FROM output.applications GROUP BY tf_id HAVING count(*) > 1
UNION ALL
SELECT CAST(o.tf_id AS VARCHAR), 'requisitions: not in TalentForge', 1
FROM output.requisitions o LEFT JOIN state.talentforge_requisitions s ON s.id = CAST(o.tf_id AS VARCHAR)
WHERE s.id IS NULL
UNION ALL
SELECT CAST(o.tf_id AS VARCHAR), 'applications: not in TalentForge', 1
FROM output.applications o LEFT JOIN state.talentforge_applications s ON s.id = CAST(o.tf_id AS VARCHAR)
WHERE s.id IS NULL
UNION ALL
SELECT NULL, 'the requisitions table is empty or missing', 0 WHERE (SELECT count(*) FROM output.requisitions) = 0
UNION ALL
SELECT NULL, 'the applications table is empty or missing', 0 WHERE (SELECT count(*) FROM output.applications) = 0
