-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-applications-on-mapped-jobs
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After the weekend (final) every Scoutly application is an application of the
--   person's Quarry candidate on the job job_map.csv gives, with the status, stage and archive
--   reason of the ticket's table; Quarry holds no application that stands for none.
SELECT k.scoutly_id, k.email, k.job_id, a.status, a.current_stage, a.archive_reason,
       CASE WHEN a.id IS NULL THEN 'no application on the mapped job'
            ELSE 'status/stage/reason should be ' || k.status || ' / ' || k.stage || ' / ' || coalesce(k.archive_reason, '-') END AS problem
FROM k_apps k LEFT JOIN q_apps a ON a.email = k.email AND a.job_id = k.job_id
WHERE a.id IS NULL OR a.status IS DISTINCT FROM k.status OR a.current_stage IS DISTINCT FROM k.stage
   OR a.archive_reason IS DISTINCT FROM k.archive_reason
UNION ALL
SELECT a.id, a.email, a.job_id, a.status, a.current_stage, a.archive_reason, 'an application for no Scoutly application'
FROM q_apps a WHERE NOT EXISTS (SELECT 1 FROM k_apps k WHERE k.email = a.email AND k.job_id = a.job_id)
