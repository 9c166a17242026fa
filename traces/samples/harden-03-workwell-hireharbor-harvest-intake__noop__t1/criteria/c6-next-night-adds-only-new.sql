-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-next-night-adds-only-new
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: Run 2 creates no candidate and no application for what run 1 already had to
--  copy (the applicants qualified at cp1). Without any candidate created in run 1 there is
--  nothing to compare: a violation.
SELECT 'candidate' AS kind, h.id, h.email, NULL AS job_id
FROM ak_hh_cands h
WHERE h.cp = 'final' AND h.id NOT IN (SELECT id FROM cp_cp1.hireharbor_candidates)
  AND h.email IN (SELECT email FROM ak_people WHERE cp = 'cp1')
UNION ALL
SELECT 'application', a.id, h.email, a.job_id
FROM ak_hh_apps a JOIN ak_hh_cands h ON h.cp = 'final' AND h.id = a.candidate_id
WHERE a.cp = 'final' AND a.id NOT IN (SELECT id FROM cp_cp1.hireharbor_applications)
  AND (h.email, a.job_id) IN (SELECT email, job_id FROM ak_expected WHERE cp = 'cp1')
UNION ALL
SELECT 'nothing created in run 1', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM ak_hh_cands WHERE cp = 'cp1' AND new)
