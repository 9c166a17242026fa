-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-walk-changes-reflected
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_walk_ids
-- description: The 15 edits, 2 terminations and 5 new placements recruiters made while run 1
--  walked Benchline (just before its second placement search) are all in Placemint after the
--  first catchup (cp2) and at the end: each placement exists and carries every value of the
--  rules (as c2). Fails when Benchline logged no such change (the walk never reached a second
--  page).
SELECT k.cp, k.id AS benchline_id, pm.id AS placemint_id,
       CASE WHEN pm.id IS NULL THEN 'no Placemint placement ' || k.external_ref ELSE p.problem END AS problem
FROM ak_expected k
LEFT JOIN ak_placemint pm ON pm.cp = k.cp AND pm.external_ref = k.external_ref
LEFT JOIN ak_problems p ON p.cp = k.cp AND p.id = k.id
WHERE k.cp IN ('cp2', 'final') AND k.id IN (SELECT id FROM ak_walk_ids)
  AND (pm.id IS NULL OR p.id IS NOT NULL)
UNION ALL
SELECT NULL, NULL, NULL, 'no change was made during the walk' WHERE NOT EXISTS (SELECT 1 FROM ak_walk_ids)
