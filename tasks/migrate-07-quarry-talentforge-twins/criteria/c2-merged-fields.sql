-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-merged-fields
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: Each new candidate carries, per field, the value of the person's most recently
--  updated Quarry record that has it: name (first + ' ' + last), e-mail (lower case, no spaces),
--  phone (international form), source (Referral -> referral, Agency -> agency, else external).
--  A scenario where no person got a candidate is a violation (nothing to judge).
SELECT g.gid, c.id, c.first_name, c.last_name, c.email, c.phone, c.source,
       g.name AS want_name, g.email AS want_email, g.phone AS want_phone, g.source AS want_source
FROM ak_group g JOIN state.talentforge_candidates c ON c.id = g.tf_id
WHERE g.parent_id IS NULL
  AND (trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) IS DISTINCT FROM g.name
       OR lower(c.email) IS DISTINCT FROM g.email
       OR c.phone IS DISTINCT FROM g.phone
       OR c.source IS DISTINCT FROM g.source)
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'no new candidate at all', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM ak_group WHERE parent_id IS NULL AND tf_id IS NOT NULL)
