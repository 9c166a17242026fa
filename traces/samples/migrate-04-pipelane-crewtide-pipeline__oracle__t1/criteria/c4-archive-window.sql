-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-archive-window
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: The 180-day rule and the outcome: no application for an opportunity archived more than 180
--   days before Pipelane's clock, no candidate for a contact with nothing that moves, each moved archived
--   opportunity rejected with Pipelane's archive reason, each moved open one active (or hired at Hired).
--   Fails when no archived opportunity moved at all.
SELECT k.opportunity_id AS opportunity_or_contact, a.application_id AS application_or_candidate,
       'archived more than 180 days ago, yet moved' AS problem
FROM k_opp k JOIN k_app a ON a.opportunity_id = k.opportunity_id
WHERE k.flag = 'archived_old'
UNION ALL
SELECT k.contact_id, m.candidate_id, 'candidate for a contact with nothing that moves'
FROM k_contact k JOIN k_match m ON m.contact_id = k.contact_id
WHERE NOT coalesce(k.in_scope, false)
UNION ALL
SELECT k.opportunity_id, a.application_id, 'archived: not rejected with the archive reason'
FROM k_opp k JOIN k_app a ON a.opportunity_id = k.opportunity_id
WHERE k.moves AND k.archived_at IS NOT NULL
  AND (a.status IS DISTINCT FROM 'rejected' OR a.rejection_reason IS DISTINCT FROM k.archive_reason)
UNION ALL
SELECT k.opportunity_id, a.application_id, 'open: status ' || a.status
FROM k_opp k JOIN k_app a ON a.opportunity_id = k.opportunity_id
WHERE k.moves AND k.archived_at IS NULL
  AND NOT (a.status = 'active' OR (a.status = 'hired' AND k.ct_stage = 'Hired'))
UNION ALL
SELECT NULL, NULL, 'no archived opportunity moved'
WHERE NOT EXISTS (SELECT 1 FROM k_opp k JOIN k_app a ON a.opportunity_id = k.opportunity_id
                  WHERE k.moves AND k.archived_at IS NOT NULL)
