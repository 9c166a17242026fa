-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key, from the initial checkpoint (Pipelane is
-- read-only; Crewtide's jobs and stages as seeded) and the ticket's two maps (materials/, embedded).
--   k_opp      every Pipelane opportunity with its flag (the ticket's precedence: archived more than
--              180 days before Pipelane's clock at the reset -> archived_old; posting not in the map
--              -> unmapped_posting; stage not in the map, or the mapped stage not in the job's own
--              pipeline -> needs_triage, at In review; else migrated), its job and expected stage
--   k_contact  every contact: in scope (an opportunity that moves), expected tags, triage
--   k_match    final Crewtide candidates that are a contact's: external id PL:<contact id> compared
--              without case (the trial's script wrote it in capitals), or the same e-mail
--   k_app      per opportunity that moves: the applications on its job of the contact's candidates
CREATE OR REPLACE TEMP VIEW k_clock AS
    SELECT coalesce((SELECT max(CAST(payload->>'clock' AS TIMESTAMPTZ)) FROM events
                     WHERE type = 'step' AND kind = 'reset'), TIMESTAMPTZ '2026-03-02 09:00:00+00') AS now;

CREATE OR REPLACE TEMP VIEW k_posting_map AS
    SELECT * FROM (VALUES
        ('Ramp Agent — BRS', 'SGS-BRS-01'),
        ('Baggage Handler — BRS', 'SGS-BRS-02'),
        ('Check-in Agent — BRS', 'SGS-BRS-03'),
        ('Ramp Agent — EXT', 'SGS-EXT-01'),
        ('Baggage Handler — EXT', 'SGS-EXT-02'),
        ('Check-in Agent — EXT', 'SGS-EXT-03'),
        ('Ramp Agent — NQY', 'SGS-NQY-01'),
        ('Baggage Handler — NQY', 'SGS-NQY-02'),
        ('Check-in Agent — NQY', 'SGS-NQY-03'),
        ('Winter De-icing Crew — SOU', 'SGS-SOU-01')) t(posting_text, job_ext);

CREATE OR REPLACE TEMP VIEW k_stage_map AS
    SELECT * FROM (VALUES
        ('new-lead', 'Inbox'),
        ('phone-screen', 'Phone Screen'),
        ('interview', 'Interview'),
        ('offer', 'Offer'),
        ('hired', 'Hired')) t(pl_stage, ct_stage);

CREATE OR REPLACE TEMP VIEW k_opp AS
    WITH o AS (
        SELECT o.*, j.id AS job_id, st.id AS mapped_stage_id, st.name AS mapped_stage, tri.id AS triage_stage_id,
               o.archived_at IS NOT NULL
                 AND CAST(o.archived_at AS TIMESTAMPTZ) < (SELECT now FROM k_clock) - INTERVAL 180 DAY AS too_old
        FROM cp_initial.pipelane_opportunities o
        LEFT JOIN cp_initial.pipelane_postings p ON p.id = o.posting_id
        LEFT JOIN k_posting_map pm ON pm.posting_text = p.text
        LEFT JOIN cp_initial.crewtide_jobs j ON j.external_id = pm.job_ext
        LEFT JOIN k_stage_map sm ON sm.pl_stage = o.stage
        LEFT JOIN cp_initial.crewtide_stages st ON st.job_id = j.id AND st.name = sm.ct_stage
        LEFT JOIN cp_initial.crewtide_stages tri ON tri.job_id = j.id AND tri.name = 'In review'
    )
    SELECT id AS opportunity_id, contact_id, stage AS pl_stage, tags, stage_changes, archived_at, archive_reason, job_id,
           CASE WHEN too_old THEN 'archived_old' WHEN job_id IS NULL THEN 'unmapped_posting'
                WHEN mapped_stage_id IS NULL THEN 'needs_triage' ELSE 'migrated' END AS flag,
           CASE WHEN too_old OR job_id IS NULL THEN NULL ELSE coalesce(mapped_stage, 'In review') END AS ct_stage,
           CASE WHEN too_old OR job_id IS NULL THEN NULL ELSE coalesce(mapped_stage_id, triage_stage_id) END AS stage_id,
           NOT too_old AND job_id IS NOT NULL AS moves
    FROM o;

CREATE OR REPLACE TEMP VIEW k_contact AS
    SELECT c.id AS contact_id, c.name, lower(c.email) AS email, c.phone,
           bool_or(k.moves) AS in_scope,
           bool_or(k.flag = 'needs_triage') AS triage,
           list_distinct(flatten(list(CAST(k.tags AS VARCHAR[])) FILTER (WHERE k.moves))) AS tags
    FROM cp_initial.pipelane_contacts c LEFT JOIN k_opp k ON k.contact_id = c.id
    GROUP BY ALL;

CREATE OR REPLACE TEMP VIEW k_match AS
    SELECT k.contact_id, c.id AS candidate_id
    FROM k_contact k JOIN state.crewtide_candidates c
      ON lower(c.external_id) = lower('PL:' || k.contact_id) OR c.email = k.email;

CREATE OR REPLACE TEMP VIEW k_app AS
    SELECT k.opportunity_id, a.id AS application_id, a.candidate_id, a.job_id, a.stage_id, a.status, a.note,
           a.rejection_reason
    FROM k_opp k
    JOIN k_match m ON m.contact_id = k.contact_id
    JOIN state.crewtide_job_applications a ON a.candidate_id = m.candidate_id AND a.job_id = k.job_id;
