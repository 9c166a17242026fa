-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c10-pilot-left-as-it-was
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: After the next night's run and after the check run, the pilot's candidates and
--  applications (in HireHarbor before the scenario) are still there as the recruiters left them: each
--  candidate live with its names, e-mails (ignoring case and spaces) and phone digits; each application
--  on its candidate and job, with its status, stage, rejection reason and applied_at. Fails when
--  nothing new was migrated by the next night.
WITH cps AS (SELECT * FROM (VALUES ('cp2'), ('final')) t(cp)),
cur_c AS (
    SELECT cp, id, first_name, last_name, list_sort(emails) AS emails, list_sort(list_distinct(phones)) AS phones
    FROM ak_cand
)
SELECT cps.cp, p.id AS record_id, 'pilot candidate changed, merged or gone' AS problem
FROM cps CROSS JOIN ak_pilot_cands p
WHERE NOT EXISTS (SELECT 1 FROM cur_c c WHERE c.cp = cps.cp AND c.id = p.id AND c.first_name = p.first_name
                  AND c.last_name = p.last_name AND c.emails = p.emails AND c.phones = p.phones)
UNION ALL
SELECT cps.cp, p.id, 'pilot application changed or gone'
FROM cps CROSS JOIN ak_pilot_apps p
WHERE NOT EXISTS (SELECT 1 FROM ak_apps a WHERE a.cp = cps.cp AND a.id = p.id AND a.candidate_id = p.candidate_id
                  AND a.job_id = p.job_id AND a.status = p.status AND a.current_stage_id = p.current_stage_id
                  AND a.rejection_reason IS NOT DISTINCT FROM p.rejection_reason AND a.applied_at = p.applied_at)
UNION ALL
SELECT 'cp2', NULL, 'nothing new was migrated by the next night'
WHERE NOT EXISTS (SELECT 1 FROM ak_apps WHERE cp = 'cp2' AND id NOT IN (SELECT id FROM ak_pilot_apps))
