-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-report-rows-current
-- category: correctness
-- weight: 1
-- mandatory: true
-- description: After each run (cp1 and final), every report row of an application that is active or
--  offer in TalentForge at that moment carries its requisition_id, the candidate's e-mail in lower
--  case, its stage, status and updated_at (the same instant) as TalentForge has them. Which rows
--  must be there is c1's and c2's; rows of applications that left the scope are not judged.
--  An empty report fails.
-- Weight 1: the starter's rows are right where it has them, so it passes this criterion; a higher
-- weight would lift the noop score past 20. Mandatory, so a wrong column still leaves the run unsolved.
WITH o AS (
    SELECT 'cp1' AS checkpoint, CAST(id AS VARCHAR) AS id, CAST(requisition_id AS VARCHAR) AS requisition_id,
           CAST(candidate_email AS VARCHAR) AS candidate_email, CAST(stage AS VARCHAR) AS stage,
           CAST(status AS VARCHAR) AS status, TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ) AS updated_at
    FROM cp_cp1.output_applications
    UNION ALL
    SELECT 'final', CAST(id AS VARCHAR), CAST(requisition_id AS VARCHAR), CAST(candidate_email AS VARCHAR),
           CAST(stage AS VARCHAR), CAST(status AS VARCHAR), TRY_CAST(CAST(updated_at AS VARCHAR) AS TIMESTAMPTZ)
    FROM output.applications
), s AS (
    SELECT 'cp1' AS checkpoint, * FROM cp_cp1.talentforge_applications WHERE status IN ('active', 'offer')
    UNION ALL
    SELECT 'final', * FROM state.talentforge_applications WHERE status IN ('active', 'offer')
)
SELECT o.checkpoint, o.id,
       concat_ws(', ', CASE WHEN o.requisition_id IS DISTINCT FROM s.requisition_id THEN 'requisition_id' END,
                 CASE WHEN o.candidate_email IS DISTINCT FROM lower(s.candidate_email) THEN 'candidate_email' END,
                 CASE WHEN o.stage IS DISTINCT FROM s.stage THEN 'stage' END,
                 CASE WHEN o.status IS DISTINCT FROM s.status THEN 'status' END,
                 CASE WHEN o.updated_at IS DISTINCT FROM timezone('UTC', CAST(s.updated_at AS TIMESTAMP)) THEN 'updated_at' END)
           AS differs, o.candidate_email AS report_email, s.candidate_email AS talentforge_email
FROM o JOIN s ON s.checkpoint = o.checkpoint AND s.id = o.id
WHERE o.requisition_id IS DISTINCT FROM s.requisition_id
   OR o.candidate_email IS DISTINCT FROM lower(s.candidate_email)
   OR o.stage IS DISTINCT FROM s.stage OR o.status IS DISTINCT FROM s.status
   OR o.updated_at IS DISTINCT FROM timezone('UTC', CAST(s.updated_at AS TIMESTAMP))
UNION ALL
SELECT c.checkpoint, NULL, 'the report is empty or missing', NULL, NULL
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.checkpoint = c.checkpoint)
