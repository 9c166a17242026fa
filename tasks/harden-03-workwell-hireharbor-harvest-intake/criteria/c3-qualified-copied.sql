-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-qualified-copied
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After each run, every qualified Workwell applicant (interview stage or later,
--  not disqualified) is a HireHarbor candidate holding their e-mail (compared lower-cased)
--  with an application to the HireHarbor job whose requisition_id is the Workwell job's code.
SELECT x.cp AS checkpoint, x.ww_id AS workwell_candidate, x.email, x.job_id,
       CASE WHEN NOT EXISTS (SELECT 1 FROM ak_hh_cands h WHERE h.cp = x.cp AND h.email = x.email)
            THEN 'no HireHarbor candidate' ELSE 'no application to the job' END AS problem
FROM ak_expected x
WHERE NOT EXISTS (SELECT 1 FROM ak_hh_cands h JOIN ak_hh_apps a ON a.cp = h.cp AND a.candidate_id = h.id
                  WHERE h.cp = x.cp AND h.email = x.email AND a.job_id = x.job_id)
