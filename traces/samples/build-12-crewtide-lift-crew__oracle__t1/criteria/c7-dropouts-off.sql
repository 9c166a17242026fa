-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-dropouts-off
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: No one who turned an offer down or pulled out is on a roster: after each run, no
--   application that Crewtide holds as rejected or withdrawn at that checkpoint is listed (the ticket's
--   rule 1; a checkpoint whose roster is empty fails).
-- The answer key (ak_*) is in _answer_key.sql.
WITH gone AS (
    SELECT 'cp1' AS cp, id AS application_id, status FROM cp_cp1.crewtide_job_applications
    WHERE status IN ('rejected', 'withdrawn')
    UNION ALL
    SELECT 'final', id, status FROM state.crewtide_job_applications WHERE status IN ('rejected', 'withdrawn')
)
SELECT DISTINCT o.cp, o.application_id, g.status
FROM ak_out o JOIN gone g ON g.cp = o.cp AND g.application_id = o.application_id
UNION ALL
SELECT c.cp, NULL, 'the roster of this checkpoint is empty' FROM (VALUES ('cp1'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_out o WHERE o.cp = c.cp)
