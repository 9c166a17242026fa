-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-application-per-job
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: After the weekend (final) no Quarry candidate has two applications on one job.
--   A Quarry holding no application beyond the pilot's is a violation too (silence earns nothing).
SELECT candidate_id, job_id, count(*) AS applications, 'more than one application on one job' AS problem
FROM state.quarry_applications GROUP BY candidate_id, job_id HAVING count(*) > 1
UNION ALL
SELECT NULL, NULL, NULL, 'no application beyond the pilot''s'
WHERE NOT EXISTS (SELECT 1 FROM state.quarry_applications
                  WHERE id NOT IN (SELECT id FROM cp_initial.quarry_applications))
