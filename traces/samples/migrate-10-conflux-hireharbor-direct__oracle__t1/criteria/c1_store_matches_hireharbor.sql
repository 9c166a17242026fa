-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-store-matches-hireharbor
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM ak_want
-- description: After the re-key, after the first sync and at the end, the acct_helix rows are exactly
--  HireHarbor's people at that moment, keyed by HireHarbor's candidate id written as the number ("417"),
--  with HireHarbor's first and last name, primary e-mail, first phone, company and title, deleted 0;
--  plus the people HireHarbor no longer has, keyed by their HireHarbor id with deleted 1 and the fields
--  they last had (handed over, or HireHarbor's at the previous checkpoint for people deleted after the
--  switch). No row for a merged duplicate (merged before the switch or on any night after it), none keyed
--  by a Conflux id, none HireHarbor does not know.
SELECT w.cp, w.candidate_id, 'missing from the store' AS problem, NULL AS store_value, NULL AS expected
FROM ak_want w ANTI JOIN ak_out o ON o.cp = w.cp AND o.candidate_id = w.candidate_id
UNION ALL
SELECT o.cp, o.candidate_id, 'differs from HireHarbor',
       concat_ws(' | ', o.first_name, o.last_name, o.email, o.phone, o.company, o.title, CAST(o.deleted AS VARCHAR)),
       concat_ws(' | ', w.first_name, w.last_name, w.email, w.phone, w.company, w.title, CAST(w.deleted AS VARCHAR))
FROM ak_out o JOIN ak_want w ON w.cp = o.cp AND w.candidate_id = o.candidate_id
WHERE o.first_name IS DISTINCT FROM w.first_name OR o.last_name IS DISTINCT FROM w.last_name
   OR o.email IS DISTINCT FROM w.email OR o.phone IS DISTINCT FROM w.phone
   OR o.company IS DISTINCT FROM w.company OR o.title IS DISTINCT FROM w.title
   OR o.deleted IS DISTINCT FROM w.deleted
UNION ALL
SELECT o.cp, o.candidate_id, 'a row that is not one of HireHarbor''s people (a Conflux id, a padded id, a merged duplicate)',
       concat_ws(' | ', o.first_name, o.last_name), NULL
FROM ak_out o ANTI JOIN ak_want w ON w.cp = o.cp AND w.candidate_id = o.candidate_id
