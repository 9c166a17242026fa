-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: C2
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After each run, the tracker has exactly one line per Pipelane candidacy (archived
--   ones included), with Pipelane's contact id, the posting's region and the stage.
SELECT k.cp, k.opportunity_id, 'missing' AS problem
FROM k_rows k WHERE NOT EXISTS (SELECT 1 FROM o_rows o WHERE o.cp = k.cp AND o.opportunity_id = k.opportunity_id)
UNION ALL
SELECT o.cp, o.opportunity_id, 'more than one line'
FROM o_rows o GROUP BY o.cp, o.opportunity_id HAVING count(*) > 1
UNION ALL
SELECT o.cp, o.opportunity_id, 'not a Pipelane candidacy'
FROM o_rows o WHERE NOT EXISTS (SELECT 1 FROM k_rows k WHERE k.cp = o.cp AND k.opportunity_id = o.opportunity_id)
UNION ALL
SELECT o.cp, o.opportunity_id,
       'contact/region/stage differ: ' || concat_ws(' / ', o.contact_id, o.region, o.stage)
FROM o_rows o JOIN k_rows k ON k.cp = o.cp AND k.opportunity_id = o.opportunity_id
WHERE o.contact_id IS DISTINCT FROM k.contact_id
   OR coalesce(o.region, '') IS DISTINCT FROM coalesce(k.region, '')
   OR o.stage IS DISTINCT FROM k.stage
