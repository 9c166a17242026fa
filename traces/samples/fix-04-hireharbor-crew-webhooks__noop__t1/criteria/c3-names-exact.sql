-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-names-exact
-- category: correctness
-- weight: 3
-- mandatory: false
-- description: Every changed application's row carries the candidate's name exactly as HireHarbor
--  spells it, first and last name with one space (compared in Unicode NFC, so a composed and a
--  decomposed accent are the same name); a missing row has no name.
SELECT CASE WHEN o.application_id IS NULL THEN 'missing' ELSE 'name differs' END AS problem,
       k.application_id, k.name AS hireharbor_name, o.name AS tracker_name
FROM crew_key k LEFT JOIN crew_out o USING (application_id)
WHERE o.application_id IS NULL OR o.name IS NULL OR nfc_normalize(o.name) <> nfc_normalize(k.name)
