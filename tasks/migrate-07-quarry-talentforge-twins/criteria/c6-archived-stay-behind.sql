-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-archived-stay-behind
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: No TalentForge application on a Brisa requisition (BRW-REQ-*) other than the live
--  ones of people in scope, and no candidate for a Quarry person who has only archived
--  applications. Without any application on a Brisa requisition there is nothing to judge: a violation.
WITH brw AS (SELECT id, req_code FROM state.talentforge_requisitions WHERE req_code LIKE 'BRW-REQ-%'),
behind AS (  -- Quarry people who stay behind: no live application in their twin group
    SELECT q.id, q.em FROM ak_qc q JOIN ak_member m USING (id) WHERE m.gid NOT IN (SELECT gid FROM ak_group)
)
SELECT a.id, b.req_code, a.candidate_id, 'application not among the live ones' AS problem
FROM state.talentforge_applications a JOIN brw b ON b.id = a.requisition_id
WHERE NOT EXISTS (SELECT 1 FROM ak_app k JOIN ak_group g USING (gid)
                  WHERE g.tf_id = a.candidate_id AND k.req_code = b.req_code)
UNION ALL
SELECT NULL, NULL, c.id, 'candidate for a person with only archived applications'
FROM state.talentforge_candidates c
WHERE c.id NOT IN (SELECT id FROM cp_initial.talentforge_candidates)
  AND (c.external_id IN (SELECT 'QY-' || id FROM behind) OR lower(trim(c.email)) IN (SELECT em FROM behind))
UNION ALL
SELECT NULL, NULL, NULL, 'no application on a Brisa requisition'
WHERE NOT EXISTS (SELECT 1 FROM state.talentforge_applications a JOIN brw b ON b.id = a.requisition_id)
