-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-moved-by-the-chair
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Every stage move the connector made is recorded in HireHarbor's activity log under the
--   chair of the committee of the application's search (committees.csv, the user found by e-mail,
--   case-insensitively); HR's own moves are not counted; no move by the connector at all fails.
-- The answer key (ak_*) is in _answer_key.sql.
WITH moves AS (
    SELECT x.id, x.application_id, x.user_id, a.job_id
    FROM state.hireharbor_activity x
    LEFT JOIN state.hireharbor_applications a ON a.id = x.application_id
    WHERE x.action = 'application.stage_changed'
      AND (x.application_id, x.user_id) NOT IN (SELECT application_id, user_id FROM ak_hr_ops)
)
SELECT m.application_id, m.user_id AS recorded_user_id, c.user_id AS chair_user_id, m.id AS activity_id
FROM moves m LEFT JOIN ak_chair_user c ON c.job_id = m.job_id
WHERE m.user_id IS DISTINCT FROM c.user_id
UNION ALL
SELECT NULL, NULL, NULL, NULL WHERE (SELECT count(*) FROM moves) = 0
