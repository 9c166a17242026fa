-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-nothing-of-the-group
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: Nothing of the rest of the group reaches Greyfriars' Pipelane: every opportunity carries exactly
--   one tag tf:<id> of an application to a GRF- requisition (not one of the group's, not on the GRFN- look-alike,
--   not one moved during the move week), and every contact is an in-scope candidate's (by e-mail, case apart).
--   Fails when Pipelane has no contact at all.
SELECT o.cp, o.id, 'opportunity not for an in-scope application: ' || coalesce(o.tags_text, 'null') AS problem
FROM k_opp o
WHERE NOT EXISTS (SELECT 1 FROM k_app a WHERE a.cp = o.cp AND a.app_id = o.app_id AND a.in_scope)
UNION ALL
SELECT c.cp, c.id, 'contact of no in-scope candidate: ' || coalesce(c.email, 'null')
FROM k_contact c
WHERE NOT EXISTS (SELECT 1 FROM k_cand k WHERE k.cp = c.cp AND lower(k.email) = lower(c.email))
UNION ALL
SELECT 'final', NULL, 'no contact in Pipelane'
WHERE NOT EXISTS (SELECT 1 FROM k_contact)
