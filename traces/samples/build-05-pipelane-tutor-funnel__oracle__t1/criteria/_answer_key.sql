-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key, computed from Pipelane's state at each
-- graded checkpoint (cp1 after run1, final after run2) and the date each run was given.
--   ak_runs    checkpoint -> the run before it and its --as-of date (from the run step's args)
--   ak_opps    every opportunity at each graded checkpoint
--   ak_key     one row per contact with at least one opportunity: the opportunity its funnel row
--              shows (open ones first, then the latest lastAdvancedAt, tie: the newest createdAt),
--              the stage shown (`archived` when every one is archived), the London date that
--              stage was entered (lastAdvancedAt, or archivedAt for `archived`) and the days to as_of
--   ak_out     the funnel rows written at each graded checkpoint, typed
CREATE OR REPLACE TEMP VIEW ak_runs AS
    SELECT CASE e.step WHEN 'run1' THEN 'cp1' ELSE 'final' END AS cp, e.step AS run,
           CAST(json_extract_string(e.payload, '$.args[1]') AS DATE) AS as_of
    FROM events e WHERE e.type = 'step' AND e.kind = 'run' AND e.step IN ('run1', 'run2');

CREATE OR REPLACE TEMP VIEW ak_opps AS
    SELECT 'cp1' AS cp, id, contact_id, stage, archived_at, last_advanced_at, created_at
    FROM cp_cp1.pipelane_opportunities
    UNION ALL
    SELECT 'final', id, contact_id, stage, archived_at, last_advanced_at, created_at
    FROM state.pipelane_opportunities;

CREATE OR REPLACE TEMP VIEW ak_key AS
    WITH o AS (
        SELECT *, bool_and(archived_at IS NOT NULL) OVER (PARTITION BY cp, contact_id) AS all_archived,
               count(*) OVER (PARTITION BY cp, contact_id) AS n_opps,
               row_number() OVER (PARTITION BY cp, contact_id
                                  ORDER BY archived_at IS NULL DESC, last_advanced_at DESC, created_at DESC, id) AS rk
        FROM ak_opps
    ), chosen AS (
        SELECT cp, contact_id, id AS opportunity_id, n_opps, all_archived,
               CASE WHEN all_archived THEN 'archived' ELSE stage END AS stage,
               CAST(timezone('Europe/London', timezone('UTC', CAST(
                   CASE WHEN all_archived THEN archived_at ELSE last_advanced_at END AS TIMESTAMP))) AS DATE) AS entered_on,
               CAST(CASE WHEN all_archived THEN archived_at ELSE last_advanced_at END AS TIMESTAMP) AS entered_at_utc
        FROM o WHERE rk = 1
    )
    SELECT c.*, r.as_of, date_diff('day', c.entered_on, r.as_of) AS days,
           (SELECT bool_or(x.archived_at IS NOT NULL) FROM ak_opps x WHERE x.cp = c.cp AND x.contact_id = c.contact_id)
               AND NOT c.all_archived AS mixed
    FROM chosen c JOIN ak_runs r USING (cp);

CREATE OR REPLACE TEMP VIEW ak_out AS
    SELECT 'cp1' AS cp, CAST(contact_id AS VARCHAR) AS contact_id, CAST(email AS VARCHAR) AS email,
           CAST(opportunity_id AS VARCHAR) AS opportunity_id, CAST(stage AS VARCHAR) AS stage,
           TRY_CAST(CAST(entered_stage_on AS VARCHAR) AS DATE) AS entered_stage_on,
           TRY_CAST(days_in_stage AS BIGINT) AS days_in_stage,
           TRY_CAST(CAST(as_of AS VARCHAR) AS DATE) AS as_of
    FROM cp_cp1.output_funnel
    UNION ALL
    SELECT 'final', CAST(contact_id AS VARCHAR), CAST(email AS VARCHAR), CAST(opportunity_id AS VARCHAR),
           CAST(stage AS VARCHAR), TRY_CAST(CAST(entered_stage_on AS VARCHAR) AS DATE),
           TRY_CAST(days_in_stage AS BIGINT), TRY_CAST(CAST(as_of AS VARCHAR) AS DATE)
    FROM output.funnel;

-- ak_rows: each funnel row of a K contact with the date its OWN opportunity entered the stage it shows
-- (archivedAt if that opportunity is archived, else lastAdvancedAt), so that a row showing the wrong
-- opportunity is charged to c2 only; a row whose opportunity is not one of the contact's falls back
-- to the key's.
CREATE OR REPLACE TEMP VIEW ak_rows AS
    SELECT o.*, k.entered_on AS key_entered_on, k.as_of AS key_as_of,
           coalesce(CAST(timezone('Europe/London', timezone('UTC', CAST(
               coalesce(p.archived_at, p.last_advanced_at) AS TIMESTAMP))) AS DATE), k.entered_on) AS own_entered_on,
           CAST(coalesce(p.archived_at, p.last_advanced_at) AS TIMESTAMP) AS own_entered_at_utc
    FROM ak_out o JOIN ak_key k ON k.cp = o.cp AND k.contact_id = o.contact_id
    LEFT JOIN ak_opps p ON p.cp = o.cp AND p.id = o.opportunity_id AND p.contact_id = o.contact_id;
