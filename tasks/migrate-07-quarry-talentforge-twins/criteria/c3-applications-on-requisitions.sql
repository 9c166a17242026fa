-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-applications-on-requisitions
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: Every person's live Quarry applications are TalentForge applications of their
--  candidate on the requisition whose req_code is the job's reqCode, with the ticket's stage and
--  status (twins on one job: the most recently updated non-archived application).
SELECT k.gid, k.req_code, k.stage AS want_stage, k.status AS want_status, g.tf_id,
       (SELECT list(a.stage || '/' || a.status) FROM state.talentforge_applications a
         JOIN state.talentforge_requisitions r ON r.id = a.requisition_id
         WHERE a.candidate_id = g.tf_id AND r.req_code = k.req_code) AS found
FROM ak_app k JOIN ak_group g USING (gid)
WHERE NOT EXISTS (
    SELECT 1 FROM state.talentforge_applications a JOIN state.talentforge_requisitions r ON r.id = a.requisition_id
    WHERE a.candidate_id = g.tf_id AND r.req_code = k.req_code AND a.stage = k.stage AND a.status = k.status)
