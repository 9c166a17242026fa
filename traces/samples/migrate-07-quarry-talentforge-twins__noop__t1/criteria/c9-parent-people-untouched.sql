-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-parent-people-untouched
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: The parent's own candidates keep every field they had before the migration
--  (the ticket: reuse them, change nothing on them), and the people Ventoria already had got
--  their Brisa applications (else nothing was reused: a violation).
SELECT i.id, 'changed or deleted' AS problem
FROM cp_initial.talentforge_candidates i LEFT JOIN state.talentforge_candidates c USING (id)
WHERE c.id IS NULL
   OR c.first_name IS DISTINCT FROM i.first_name OR c.last_name IS DISTINCT FROM i.last_name
   OR c.email IS DISTINCT FROM i.email OR c.phone IS DISTINCT FROM i.phone
   OR c.external_id IS DISTINCT FROM i.external_id OR c.source IS DISTINCT FROM i.source
   OR CAST(c.tags AS VARCHAR) IS DISTINCT FROM CAST(i.tags AS VARCHAR) OR c.hired_on IS DISTINCT FROM i.hired_on
UNION ALL
SELECT g.parent_id, 'reused person without a Brisa application'
FROM ak_group g
WHERE g.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM state.talentforge_applications a JOIN state.talentforge_requisitions r ON r.id = a.requisition_id
    WHERE a.candidate_id = g.parent_id AND r.req_code LIKE 'BRW-REQ-%')
