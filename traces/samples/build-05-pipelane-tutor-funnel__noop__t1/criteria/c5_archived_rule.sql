-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-archived-rule
-- category: correctness
-- weight: 2
-- mandatory: false
-- population: SELECT count(*) FROM ak_key WHERE all_archived OR mixed
-- description: A tutor whose every opportunity is archived shows the stage `archived`; a tutor with an open
--   opportunity besides archived ones never shows an archived one. An empty output after a run counts
--   every such tutor of that run.
WITH arch AS (SELECT cp, id FROM ak_opps WHERE archived_at IS NOT NULL)
SELECT k.cp, k.contact_id, 'all archived, stage shown: ' || coalesce(o.stage, 'NULL') AS problem
FROM ak_key k JOIN ak_out o ON o.cp = k.cp AND o.contact_id = k.contact_id
WHERE k.all_archived AND o.stage IS DISTINCT FROM 'archived'
UNION ALL
SELECT k.cp, k.contact_id, 'shows archived opportunity ' || o.opportunity_id
FROM ak_key k JOIN ak_out o ON o.cp = k.cp AND o.contact_id = k.contact_id
JOIN arch a ON a.cp = o.cp AND a.id = o.opportunity_id
WHERE k.mixed
UNION ALL
SELECT k.cp, k.contact_id, 'no funnel rows after the run'
FROM ak_key k WHERE (k.all_archived OR k.mixed) AND k.cp NOT IN (SELECT cp FROM ak_out)
