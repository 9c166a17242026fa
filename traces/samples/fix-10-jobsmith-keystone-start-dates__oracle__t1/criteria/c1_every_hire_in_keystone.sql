-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-every-hire-in-keystone
-- category: correctness
-- weight: 6
-- mandatory: true
-- description: After each run (cp1, cp2, final) every Jobsmith hire, at every restaurant, has a
--  Keystone employee with ExternalRef JS-<applicant id> (ticket rule 1). At the start 6 of the 26
--  hires have none: three whose old date Keystone refused, two at Stamford (whose only job is
--  Filled, so the unfiltered job list does not show it) and the lone hire at New Rochelle; run2
--  adds six more, one of them alone at Montclair. Duplicates are c3's.
SELECT k.cp, k.ref, k.hire_id, k.start_date, 'no Keystone employee for this hire' AS problem
FROM k_hires k
WHERE NOT EXISTS (SELECT 1 FROM ks_emp e WHERE e.cp = k.cp AND e.external_ref = k.ref)
UNION ALL
SELECT w.cp, NULL, NULL, NULL, 'no Jobsmith hire at ' || w.cp || ' (scenario broken)'
FROM (VALUES ('cp1'), ('cp2'), ('final')) w(cp)
WHERE NOT EXISTS (SELECT 1 FROM k_hires k WHERE k.cp = w.cp)
