-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-people-carried-over
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Each in-scope contact's (single) candidate: given and family name together equal the
--   contact's name, the e-mail is the contact's (Crewtide stores it lower case), the phone has the
--   contact's digits, and the tags include every tag of the contact's opportunities that move.
SELECT k.contact_id, c.id AS candidate_id,
       concat_ws(' ', c.first_name, c.last_name) AS name, c.email, c.phone, CAST(c.tags AS VARCHAR) AS tags
FROM k_contact k JOIN k_match m ON m.contact_id = k.contact_id JOIN state.crewtide_candidates c ON c.id = m.candidate_id
WHERE k.in_scope AND (SELECT count(*) FROM k_match n WHERE n.contact_id = k.contact_id) = 1
  AND (concat_ws(' ', c.first_name, c.last_name) IS DISTINCT FROM k.name
       OR c.email IS DISTINCT FROM k.email
       OR regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') IS DISTINCT FROM regexp_replace(coalesce(k.phone, ''), '[^0-9]', '', 'g')
       OR NOT list_has_all(CAST(c.tags AS VARCHAR[]), k.tags))
