-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-checks-output
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After every cycle checks.db lists each check ordered for an offer applicant once,
--  as ClearCheck has it at that moment: applicant (the external_id), status, result and
--  completed_at (to the second); no row for a check ClearCheck does not have. A check head office
--  ordered by hand need not be listed (the ticket lists the checks we ordered), but if it is, it
--  is listed so too. The completions ClearCheck never announced are c5's from cp3 on. An empty
--  checks.db at the end fails.
SELECT k.cp, k.id AS check_id, 'missing' AS problem
FROM offer_checks k ANTI JOIN out_checks o ON o.cp = k.cp AND o.check_id = k.id
WHERE NOT (k.n >= 3 AND k.id IN (SELECT id FROM silent_checks)) AND NOT k.by_hand
UNION ALL
SELECT k.cp, k.id, 'differs: ' || concat_ws(' | ', CAST(o.applicant_id AS VARCHAR), o.status, o.result,
                                             CAST(o.completed_at AS VARCHAR))
FROM offer_checks k JOIN out_checks o ON o.cp = k.cp AND o.check_id = k.id
WHERE NOT (k.n >= 3 AND k.id IN (SELECT id FROM silent_checks))
  AND (o.applicant_id IS DISTINCT FROM k.applicant_id OR o.status IS DISTINCT FROM k.status
   OR o.result IS DISTINCT FROM k.result
   OR o.completed_at IS DISTINCT FROM date_trunc('second', CAST(k.completed_at AS TIMESTAMPTZ)))
UNION ALL
SELECT o.cp, o.check_id, 'not a check ClearCheck has'
FROM out_checks o ANTI JOIN cc_checks k ON k.cp = o.cp AND k.id = o.check_id
UNION ALL
SELECT cp, check_id, 'listed ' || count(*) || ' times' FROM out_checks GROUP BY cp, check_id HAVING count(*) > 1
UNION ALL
SELECT 'final', NULL, 'checks.db is empty' WHERE NOT EXISTS (SELECT 1 FROM out_checks WHERE cp = 'final')
