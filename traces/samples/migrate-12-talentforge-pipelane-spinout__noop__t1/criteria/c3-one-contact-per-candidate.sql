-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-contact-per-candidate
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Every in-scope TalentForge candidate is exactly one Pipelane contact (one contact with the
--   candidate's e-mail, case apart), carrying the candidate's name (first and last), e-mail as TalentForge has
--   it and phone (digits compared), and every opportunity of the candidate's applications sits on that contact.
--   Fails when Pipelane has no contact at all.
WITH mine AS (
    SELECT k.cp, k.candidate_id, c.id AS contact_id, c.name, c.email, c.phone, k.first_name, k.last_name,
           k.email AS tf_email, k.phone AS tf_phone
    FROM k_cand k JOIN k_contact c ON c.cp = k.cp AND lower(c.email) = lower(k.email))
SELECT k.cp, k.candidate_id, 'contacts with the e-mail: ' || (SELECT count(*) FROM mine m WHERE m.cp = k.cp AND m.candidate_id = k.candidate_id) AS problem
FROM k_cand k
WHERE (SELECT count(*) FROM mine m WHERE m.cp = k.cp AND m.candidate_id = k.candidate_id) <> 1
UNION ALL
SELECT m.cp, m.candidate_id, 'contact fields differ: ' || coalesce(m.name, 'null') || ' / ' || coalesce(m.email, 'null') || ' / ' || coalesce(m.phone, 'null')
FROM mine m
WHERE m.name IS DISTINCT FROM (m.first_name || ' ' || m.last_name)
   OR m.email IS DISTINCT FROM m.tf_email
   OR regexp_replace(coalesce(m.phone, ''), '[^0-9]', '', 'g') IS DISTINCT FROM regexp_replace(coalesce(m.tf_phone, ''), '[^0-9]', '', 'g')
UNION ALL
SELECT o.cp, a.candidate_id, 'opportunity ' || o.id || ' on another contact than the candidate''s'
FROM k_opp o JOIN k_app a ON a.cp = o.cp AND a.app_id = o.app_id AND a.in_scope
JOIN k_cand k ON k.cp = a.cp AND k.candidate_id = a.candidate_id
LEFT JOIN k_contact c ON c.cp = o.cp AND c.id = o.contact_id
WHERE c.id IS NULL OR lower(c.email) IS DISTINCT FROM lower(k.email)
UNION ALL
SELECT 'final', NULL, 'no contact in Pipelane'
WHERE NOT EXISTS (SELECT 1 FROM k_contact)
