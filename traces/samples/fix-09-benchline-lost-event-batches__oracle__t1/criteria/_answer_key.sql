-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions: "today" of each graded checkpoint, the gate list each checkpoint must show
-- (k_gate: every Approved placement Benchline has at that moment with no end date or one today
-- or later, with the ticket's columns), every placement Benchline has (k_exists, in scope or
-- not, with its status and end date) and what the connector wrote (o_gate), for the four
-- checkpoints after a run: cp1 (run 1), cp2 (run 2), cp3 (run 3), final (run 4).
--
-- Today is the UTC date of Benchline's clock (the ticket). The scenario reads it from the
-- `pause` clock step: its `now` is the vendor's time right after the 25-minute advance (runs 3
-- and 4 follow within minutes); runs 1 and 2 came before the advance. The whole scenario lies
-- in one UTC day of the vendor clock (2026-03-02, 09:00-09:40), so both give the same date.
CREATE VIEW k_today AS
WITH pause AS (
    SELECT CAST(json_extract_string(result, '$.benchline.now') AS TIMESTAMPTZ) AS now
    FROM events WHERE type = 'step' AND step = 'pause'
)
SELECT cp, CAST(timezone('UTC', now - CASE WHEN cp IN ('cp1', 'cp2') THEN INTERVAL 1500 SECOND ELSE INTERVAL 0 SECOND END) AS DATE) AS today
FROM pause, (VALUES ('cp1'), ('cp2'), ('cp3'), ('final')) c(cp);

CREATE VIEW k_exists AS
SELECT 'cp1' AS cp, id AS placement_id, status, date_end, candidate_id, job_order_id FROM cp_cp1.benchline_placements
UNION ALL SELECT 'cp2', id, status, date_end, candidate_id, job_order_id FROM cp_cp2.benchline_placements
UNION ALL SELECT 'cp3', id, status, date_end, candidate_id, job_order_id FROM cp_cp3.benchline_placements
UNION ALL SELECT 'final', id, status, date_end, candidate_id, job_order_id FROM state.benchline_placements;

CREATE VIEW k_people AS
SELECT 'cp1' AS cp, c.id AS candidate_id, c.first_name || ' ' || c.last_name AS candidate FROM cp_cp1.benchline_candidates c
UNION ALL SELECT 'cp2', c.id, c.first_name || ' ' || c.last_name FROM cp_cp2.benchline_candidates c
UNION ALL SELECT 'cp3', c.id, c.first_name || ' ' || c.last_name FROM cp_cp3.benchline_candidates c
UNION ALL SELECT 'final', c.id, c.first_name || ' ' || c.last_name FROM state.benchline_candidates c;

CREATE VIEW k_sites AS
SELECT 'cp1' AS cp, j.id AS job_order_id, j.custom_text3 AS site FROM cp_cp1.benchline_job_orders j
UNION ALL SELECT 'cp2', j.id, j.custom_text3 FROM cp_cp2.benchline_job_orders j
UNION ALL SELECT 'cp3', j.id, j.custom_text3 FROM cp_cp3.benchline_job_orders j
UNION ALL SELECT 'final', j.id, j.custom_text3 FROM state.benchline_job_orders j;

CREATE VIEW k_gate AS
SELECT e.cp, e.placement_id, pe.candidate, s.site,
       strftime(p.date_begin, '%Y-%m-%d') AS date_begin, strftime(e.date_end, '%Y-%m-%d') AS date_end
FROM k_exists e
JOIN k_today t ON t.cp = e.cp
JOIN (SELECT 'cp1' AS cp, id, date_begin FROM cp_cp1.benchline_placements
      UNION ALL SELECT 'cp2', id, date_begin FROM cp_cp2.benchline_placements
      UNION ALL SELECT 'cp3', id, date_begin FROM cp_cp3.benchline_placements
      UNION ALL SELECT 'final', id, date_begin FROM state.benchline_placements) p ON p.cp = e.cp AND p.id = e.placement_id
JOIN k_people pe ON pe.cp = e.cp AND pe.candidate_id = e.candidate_id
JOIN k_sites s ON s.cp = e.cp AND s.job_order_id = e.job_order_id
WHERE e.status = 'Approved' AND (e.date_end IS NULL OR e.date_end >= t.today);

-- The gate-list files as written; empty fields are NULL, every value compared as text.
CREATE VIEW o_gate AS
SELECT 'cp1' AS cp, TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT) AS placement_id,
       nullif(CAST(candidate AS VARCHAR), '') AS candidate, nullif(CAST(site AS VARCHAR), '') AS site,
       nullif(CAST(date_begin AS VARCHAR), '') AS date_begin, nullif(CAST(date_end AS VARCHAR), '') AS date_end
FROM cp_cp1.output_gate_list
UNION ALL
SELECT 'cp2', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(candidate AS VARCHAR), ''),
       nullif(CAST(site AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''), nullif(CAST(date_end AS VARCHAR), '')
FROM cp_cp2.output_gate_list
UNION ALL
SELECT 'cp3', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(candidate AS VARCHAR), ''),
       nullif(CAST(site AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''), nullif(CAST(date_end AS VARCHAR), '')
FROM cp_cp3.output_gate_list
UNION ALL
SELECT 'final', TRY_CAST(CAST(placement_id AS VARCHAR) AS BIGINT), nullif(CAST(candidate AS VARCHAR), ''),
       nullif(CAST(site AS VARCHAR), ''), nullif(CAST(date_begin AS VARCHAR), ''), nullif(CAST(date_end AS VARCHAR), '')
FROM output.gate_list;

-- The placements of the batch whose answer the network dropped (step placements_day1).
CREATE VIEW k_lost_batch AS
SELECT DISTINCT CAST(unnest(from_json(json_extract(r.value, '$.ids'), '["BIGINT"]')) AS BIGINT) AS placement_id
FROM events e, json_each(json_extract(e.result, '$.results')) r
WHERE e.type = 'step' AND e.step = 'placements_day1';
