-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-candidate-per-contact
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: No contact is split over several Crewtide candidates (by external id, compared without case,
--   or by e-mail: the spring trial's records included); every contact in scope has its candidate carry
--   external id PL:<contact id> character for character; no external id is on two candidates; the
--   walk-in candidates (in Crewtide before, nobody's from Pipelane) are unchanged. Fails when no candidate
--   carries a PL: external id.
SELECT contact_id, count(*) AS candidates, 'contact split over candidates' AS problem
FROM k_match GROUP BY contact_id HAVING count(*) > 1
UNION ALL
SELECT k.contact_id, 1, 'external id not PL:<contact id>: ' || coalesce(c.external_id, 'null')
FROM k_contact k JOIN k_match m ON m.contact_id = k.contact_id JOIN state.crewtide_candidates c ON c.id = m.candidate_id
WHERE k.in_scope AND c.external_id IS DISTINCT FROM 'PL:' || k.contact_id
  AND (SELECT count(*) FROM k_match n WHERE n.contact_id = k.contact_id) = 1
UNION ALL
SELECT lower(external_id), count(*), 'external id on several candidates'
FROM state.crewtide_candidates WHERE external_id IS NOT NULL GROUP BY lower(external_id) HAVING count(*) > 1
UNION ALL
SELECT CAST(i.id AS VARCHAR), 1, 'walk-in candidate changed or gone'
FROM cp_initial.crewtide_candidates i
LEFT JOIN state.crewtide_candidates c ON c.id = i.id
WHERE i.id NOT IN (SELECT candidate_id FROM k_match)
  AND (c.id IS NULL OR c.first_name IS DISTINCT FROM i.first_name OR c.last_name IS DISTINCT FROM i.last_name
       OR c.email IS DISTINCT FROM i.email OR c.phone IS DISTINCT FROM i.phone
       OR c.external_id IS DISTINCT FROM i.external_id OR CAST(c.tags AS VARCHAR) IS DISTINCT FROM CAST(i.tags AS VARCHAR))
UNION ALL
SELECT NULL, 0, 'no candidate carries a PL: external id'
WHERE NOT EXISTS (SELECT 1 FROM state.crewtide_candidates WHERE external_id LIKE 'PL:%')
