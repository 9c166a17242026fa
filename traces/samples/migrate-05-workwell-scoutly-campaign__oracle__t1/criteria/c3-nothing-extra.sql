-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-nothing-extra
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: After runs 2 and 3 (cp2, final) Scoutly holds nothing the ticket does not ask for:
--   no candidate for a flagged applicant (a stage the map does not list) or for an id Workwell
--   does not have, no candidate or job created without the campaign's keys, and the Community
--   Safety Advocate campaign (its job, candidates and applications) exactly as it was. A
--   Scoutly holding no campaign candidate beyond the pilot's is a violation too (silence earns
--   nothing).
WITH pre_c AS (SELECT * FROM cp_initial.scoutly_candidates WHERE external_id IS NULL),
pre_j AS (SELECT * FROM cp_initial.scoutly_jobs WHERE ref_number = 'EFR-CSA-2025'),
pre_a AS (SELECT a.* FROM cp_initial.scoutly_applications a JOIN pre_j j ON j.id = a.job_id)
SELECT c.cp AS checkpoint, c.id AS scoutly_id, c.external_id,
       CASE WHEN k.external_id IS NULL THEN 'externalId matches no Workwell applicant'
            ELSE 'applicant is flagged (stage not on the map) but is in Scoutly' END AS problem
FROM sc_cands c
LEFT JOIN key_applicants k ON k.cp = c.cp AND k.external_id = c.external_id
WHERE c.external_id IS NOT NULL AND (k.external_id IS NULL OR k.status IS NULL)
UNION ALL
SELECT c.cp, c.id, NULL, 'a candidate without externalId that was not there before'
FROM sc_cands c WHERE c.external_id IS NULL AND c.id NOT IN (SELECT id FROM pre_c)
UNION ALL
SELECT j.cp, j.id, j.ref_number, 'a job that is neither a campaign job nor the other campaign'
FROM sc_jobs j WHERE j.ref_number NOT IN (SELECT shortcode FROM ww_jobs w WHERE w.cp = j.cp)
  AND j.ref_number <> 'EFR-CSA-2025'
UNION ALL
SELECT cp.cp, p.id, NULL, 'the other campaign''s candidate was changed or removed'
FROM pre_c p CROSS JOIN (VALUES ('cp2'), ('final')) AS cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM sc_cands c WHERE c.cp = cp.cp AND c.id = p.id AND c.first_name = p.first_name
                  AND c.last_name = p.last_name AND c.email = p.email AND c.phone IS NOT DISTINCT FROM p.phone
                  AND c.external_id IS NULL)
UNION ALL
SELECT cp.cp, p.id, p.ref_number, 'the other campaign''s job was changed or removed'
FROM pre_j p CROSS JOIN (VALUES ('cp2'), ('final')) AS cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM sc_jobs j WHERE j.cp = cp.cp AND j.id = p.id AND j.title = p.title
                  AND CAST(j.screening_questions AS VARCHAR) = CAST(p.screening_questions AS VARCHAR))
UNION ALL
SELECT cp.cp, p.id, NULL, 'the other campaign''s application was changed or removed'
FROM pre_a p CROSS JOIN (VALUES ('cp2'), ('final')) AS cp(cp)
WHERE NOT EXISTS (SELECT 1 FROM sc_apps a WHERE a.cp = cp.cp AND a.id = p.id AND a.candidate_id = p.candidate_id
                  AND a.job_id = p.job_id AND a.status = p.status
                  AND CAST(a.screening_answers AS VARCHAR) = CAST(p.screening_answers AS VARCHAR))
UNION ALL
SELECT a.cp, a.id, NULL, 'a second application for the other campaign''s job'
FROM sc_apps a JOIN pre_j j ON j.id = a.job_id WHERE a.id NOT IN (SELECT id FROM pre_a)
UNION ALL
SELECT ck.name, NULL, NULL, 'no campaign candidate beyond the pilot''s'
FROM (VALUES ('cp2'), ('final')) AS ck(name)
WHERE NOT EXISTS (SELECT 1 FROM sc_cands c WHERE c.cp = ck.name AND c.external_id IS NOT NULL
                  AND c.id NOT IN (SELECT id FROM cp_initial.scoutly_candidates))
