-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-others-untouched
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The sync touches nothing in Crewtide but hired nurses' screening-status: after
--  every cycle, candidates who are not hired keep the screening-status they had (or none), every
--  other custom field value is as it was, and no candidate's name or e-mail changed.
SELECT v.cp, v.candidate_id, 'screening-status of a candidate who is not hired: ' || coalesce(v.value, '∅') AS problem
FROM ct_values v
WHERE v.custom_field_id IN (SELECT id FROM screening_field)
  AND NOT EXISTS (SELECT 1 FROM hires h WHERE h.cp = v.cp AND h.candidate_id = v.candidate_id)
  AND NOT EXISTS (SELECT 1 FROM cp_initial.crewtide_custom_field_values i
                  WHERE i.id = v.id AND i.candidate_id = v.candidate_id AND i.value = v.value)
UNION ALL
SELECT v.cp, v.candidate_id, 'another custom field changed: ' || coalesce(v.value, '∅')
FROM ct_values v
WHERE v.custom_field_id NOT IN (SELECT id FROM screening_field)
  AND NOT EXISTS (SELECT 1 FROM cp_initial.crewtide_custom_field_values i
                  WHERE i.id = v.id AND i.candidate_id = v.candidate_id AND i.custom_field_id = v.custom_field_id
                    AND i.value = v.value)
UNION ALL
SELECT c.cp, c.id, 'name or e-mail changed'
FROM ct_candidates c JOIN cp_initial.crewtide_candidates i USING (id)
WHERE c.first_name IS DISTINCT FROM i.first_name OR c.last_name IS DISTINCT FROM i.last_name
   OR c.email IS DISTINCT FROM i.email
