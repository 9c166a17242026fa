-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- The answer key, from Pipelane's state and the scenario's events (no id is hard-coded).
--
-- k_run_clock: Pipelane's clock when each run started: run1 right after the reset (its
-- `clock`), run2 right after the `next_day` clock step (its result's `now`). The data keep
-- every last activity at least 4.8 hours from the 60-day line at both instants, so the
-- seconds a run takes do not matter.
CREATE VIEW k_run_clock AS
SELECT 'run1' AS run, CAST(json_extract_string(payload, '$.clock') AS TIMESTAMP) AS now
FROM events WHERE type = 'step' AND kind = 'reset'
UNION ALL
SELECT 'run2', CAST(replace(json_extract_string(result, '$.pipelane.now'), 'Z', '') AS TIMESTAMP)
FROM events WHERE type = 'step' AND step = 'next_day';

-- k_compliance_user: the Pipelane user the ticket says archives stale candidacies.
CREATE VIEW k_compliance_user AS
SELECT id FROM cp_initial.pipelane_users WHERE name = 'Compliance Bot' AND deactivated_at IS NULL;

-- k_stale: per run, the open candidacies (as Pipelane was just before the run) on which nothing
-- has happened for more than 60 days: the latest entry of the opportunity's activity log
-- (created, stage moves, notes, interview bookings, archive/unarchive, tags).
CREATE VIEW k_stale AS
WITH before_run AS (
    SELECT 'run1' AS run, o.id, o.contact_id, o.archived_at,
           (SELECT max(CAST(a.created_at AS TIMESTAMP)) FROM cp_initial.pipelane_activities a
            WHERE a.opportunity_id = o.id) AS last_activity
    FROM cp_initial.pipelane_opportunities o
    UNION ALL
    SELECT 'run2', o.id, o.contact_id, o.archived_at,
           (SELECT max(CAST(a.created_at AS TIMESTAMP)) FROM cp_before_run2.pipelane_activities a
            WHERE a.opportunity_id = o.id)
    FROM cp_before_run2.pipelane_opportunities o
)
SELECT b.run, b.id AS opportunity_id, b.last_activity
FROM before_run b JOIN k_run_clock c ON c.run = b.run
WHERE b.archived_at IS NULL AND b.last_activity < c.now - INTERVAL 60 DAY;

-- k_rows: per graded checkpoint, the tracker line every candidacy must have.
CREATE VIEW k_rows AS
SELECT 'cp1' AS cp, o.id AS opportunity_id, o.contact_id, p.location AS region, o.stage,
       (SELECT max(CAST(i.scheduled_at AS TIMESTAMP)) FROM cp_cp1.pipelane_interviews i
        WHERE i.opportunity_id = o.id) AS interview_at
FROM cp_cp1.pipelane_opportunities o LEFT JOIN cp_cp1.pipelane_postings p ON p.id = o.posting_id
UNION ALL
SELECT 'final', o.id, o.contact_id, p.location, o.stage,
       (SELECT max(CAST(i.scheduled_at AS TIMESTAMP)) FROM state.pipelane_interviews i
        WHERE i.opportunity_id = o.id)
FROM state.pipelane_opportunities o LEFT JOIN state.pipelane_postings p ON p.id = o.posting_id;

-- o_rows: the tracker's lines at each graded checkpoint, the instant parsed whatever way the
-- CSV was typed (a UTC timestamp, or text with Z or +00:00).
CREATE VIEW o_rows AS
SELECT 'cp1' AS cp, CAST(opportunity_id AS VARCHAR) AS opportunity_id, CAST(contact_id AS VARCHAR) AS contact_id,
       CAST(region AS VARCHAR) AS region, CAST(stage AS VARCHAR) AS stage,
       CAST(interview_at_utc AS VARCHAR) AS interview_text,
       CAST(TRY_CAST(CAST(interview_at_utc AS VARCHAR) AS TIMESTAMPTZ) AS TIMESTAMP) AS interview_at
FROM cp_cp1.output_interviews
UNION ALL
SELECT 'final', CAST(opportunity_id AS VARCHAR), CAST(contact_id AS VARCHAR), CAST(region AS VARCHAR),
       CAST(stage AS VARCHAR), CAST(interview_at_utc AS VARCHAR),
       CAST(TRY_CAST(CAST(interview_at_utc AS VARCHAR) AS TIMESTAMPTZ) AS TIMESTAMP)
FROM output.interviews;
