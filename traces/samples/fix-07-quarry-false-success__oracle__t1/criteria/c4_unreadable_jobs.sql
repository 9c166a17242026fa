-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-unreadable-jobs
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: No application of a job the key may not read is in the planner (any checkpoint),
--   and after runs 1, 2 and 4 skipped_jobs lists exactly those jobs (Quarry's job id and title):
--   the flagged confidential ones and the one the key lost access to, which job.list shows
--   unflagged but Quarry refuses per job like the others.
SELECT o.cp, o.id AS record, 'application of a job the key may not read' AS why
FROM o_apps o JOIN q_apps q ON q.cp = o.cp AND q.id = o.id
JOIN k_unreadable_jobs u ON u.cp = q.cp AND u.job_id = q.job_id
UNION ALL
SELECT u.cp, u.job_id, 'refused job not listed (or title differs)'
FROM k_unreadable_jobs u
WHERE u.cp IN ('cp1', 'cp2', 'final')
  AND NOT EXISTS (SELECT 1 FROM o_skipped s WHERE s.cp = u.cp AND s.job_id = u.job_id AND s.title = u.title)
UNION ALL
SELECT s.cp, s.job_id, 'listed but the key may read it'
FROM o_skipped s
WHERE NOT EXISTS (SELECT 1 FROM k_unreadable_jobs u WHERE u.cp = s.cp AND u.job_id = s.job_id)
