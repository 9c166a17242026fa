-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). Graded checkpoints: cp1 (after migrate), cp2 (after the
-- first catchup), cp3 (after verify) and final (after the last catchup). Benchline's dumps hold
-- the account's calendar dates (Perth) as DATE and its rates as DOUBLE.
--   ak_cents(x)     dollars (a DOUBLE whose shortest decimal text is the agreed rate) -> cents,
--                   rounded half to even (TICKET rule 4)
--   ak_expected     per checkpoint, every Benchline placement of rule 1 with the Placemint
--                   record the rules give it (rule 3), its current bill and pay cents (rule 5)
--                   and `d_force`, the day its current rates are in force from at the latest:
--                   the later of its start date and the Perth date it was last modified on
--   ak_walk_ids     the placements recruiters changed or created while run1 walked Benchline
--                   (the scheduled mutation recruiters-during-walk, logged by Benchline)
--   ak_placemint    per checkpoint, the Placemint placements; ak_schedules their fee schedules
--   ak_in_force     per checkpoint and expected placement, the schedule in force on d_force
--                   (the latest starting on or before it, the newest on a tie)
CREATE OR REPLACE TEMP MACRO ak_cents(x) AS (
    CASE WHEN x IS NULL THEN NULL ELSE
    CAST(CASE
        WHEN CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100 - floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100) > 0.5
            THEN floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100) + 1
        WHEN CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100 - floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100) < 0.5
            THEN floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100)
        WHEN CAST(floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100) AS BIGINT) % 2 = 0
            THEN floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100)
        ELSE floor(CAST(CAST(x AS VARCHAR) AS DECIMAL(20, 6)) * 100) + 1
    END AS BIGINT) END
);

CREATE OR REPLACE TEMP VIEW ak_expected AS
    WITH bl AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.benchline_placements
        UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.benchline_placements
        UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.benchline_placements
        UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.benchline_placements
    ), cand AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.benchline_candidates
        UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.benchline_candidates
        UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.benchline_candidates
        UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.benchline_candidates
    ), job AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.benchline_job_orders
        UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.benchline_job_orders
        UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.benchline_job_orders
        UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.benchline_job_orders
    )
    SELECT bl.cp, bl.id, 'BL-' || CAST(bl.id AS VARCHAR) AS external_ref,
           c.email AS candidate_email, c.first_name || ' ' || c.last_name AS candidate_name,
           j.custom_text3 AS client_code,
           CAST(bl.date_begin AS VARCHAR) AS start_date, CAST(bl.date_end AS VARCHAR) AS end_date,
           ak_cents(bl.client_bill_rate) AS rate_cents, 'aud' AS currency,
           CASE bl.status WHEN 'Completed' THEN 'completed' WHEN 'Terminated' THEN 'canceled' ELSE 'active' END AS status,
           ak_cents(bl.pay_rate) AS pay_cents,
           CAST(greatest(bl.date_begin,
                         CAST(CAST(bl.date_last_modified AS TIMESTAMP) + INTERVAL 8 HOUR AS DATE)) AS VARCHAR) AS d_force
    FROM bl
    JOIN cand c ON c.cp = bl.cp AND c.id = bl.candidate_id
    JOIN job j ON j.cp = bl.cp AND j.id = bl.job_order_id
    WHERE NOT (bl.status = 'Terminated' AND bl.date_end < DATE '2026-01-01');

CREATE OR REPLACE TEMP VIEW ak_walk_ids AS
    SELECT DISTINCT CAST(unnest(from_json(json_extract(r, '$.ids'), '["BIGINT"]')) AS BIGINT) AS id
    FROM (SELECT unnest(from_json(CAST(results AS VARCHAR), '["JSON"]')) AS r
          FROM state.benchline_control_log WHERE rule = 'recruiters-during-walk');

CREATE OR REPLACE TEMP VIEW ak_placemint AS
    SELECT 'cp1' AS cp, * FROM cp_cp1.placemint_placements
    UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.placemint_placements
    UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.placemint_placements
    UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.placemint_placements;

CREATE OR REPLACE TEMP VIEW ak_schedules AS
    SELECT 'cp1' AS cp, * FROM cp_cp1.placemint_fee_schedules
    UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.placemint_fee_schedules
    UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.placemint_fee_schedules
    UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.placemint_fee_schedules;

CREATE OR REPLACE TEMP VIEW ak_in_force AS
    SELECT k.cp, k.id, s.bill_rate_cents, s.pay_rate_cents, s.effective_from
    FROM ak_expected k
    JOIN ak_placemint pm ON pm.cp = k.cp AND pm.external_ref = k.external_ref
    JOIN ak_schedules s ON s.cp = k.cp AND s.placement_id = pm.id AND CAST(s.effective_from AS VARCHAR) <= k.d_force
    QUALIFY row_number() OVER (PARTITION BY k.cp, k.id ORDER BY CAST(s.effective_from AS VARCHAR) DESC, s.seq DESC) = 1;

--   ak_problems     per checkpoint and expected placement that has its BL- record: what differs
--                   from the rules (fields, and the fee schedules: the first one from the start
--                   date, none from a day after d_force, the one in force on d_force with the
--                   current bill and pay cents)
CREATE OR REPLACE TEMP VIEW ak_problems AS
    WITH first_sched AS (
        SELECT s.cp, s.placement_id, min(CAST(s.effective_from AS VARCHAR)) AS first_from
        FROM ak_schedules s GROUP BY s.cp, s.placement_id
    ), late AS (
        SELECT k.cp, k.id, count(*) AS n
        FROM ak_expected k
        JOIN ak_placemint pm ON pm.cp = k.cp AND pm.external_ref = k.external_ref
        JOIN ak_schedules s ON s.cp = k.cp AND s.placement_id = pm.id AND CAST(s.effective_from AS VARCHAR) > k.d_force
        GROUP BY k.cp, k.id
    ), joined AS (
        SELECT k.*, pm.id AS placemint_id,
               pm.candidate_email AS pm_email, pm.candidate_name AS pm_name, pm.client_code AS pm_client,
               CAST(pm.start_date AS VARCHAR) AS pm_start, CAST(pm.end_date AS VARCHAR) AS pm_end,
               pm.rate_cents AS pm_rate, pm.currency AS pm_currency, pm.status AS pm_status,
               f.first_from, l.n AS late_n, i.bill_rate_cents AS force_bill, i.pay_rate_cents AS force_pay,
               i.id IS NOT NULL AS has_force
        FROM ak_expected k
        JOIN ak_placemint pm ON pm.cp = k.cp AND pm.external_ref = k.external_ref
        LEFT JOIN first_sched f ON f.cp = k.cp AND f.placement_id = pm.id
        LEFT JOIN late l ON l.cp = k.cp AND l.id = k.id
        LEFT JOIN ak_in_force i ON i.cp = k.cp AND i.id = k.id
    )
    SELECT cp, id, placemint_id, concat_ws('; ',
           CASE WHEN pm_email IS DISTINCT FROM candidate_email THEN 'candidate_email' END,
           CASE WHEN pm_name IS DISTINCT FROM candidate_name THEN 'candidate_name' END,
           CASE WHEN pm_client IS DISTINCT FROM client_code THEN 'client_code' END,
           CASE WHEN pm_start IS DISTINCT FROM start_date THEN 'start_date ' || coalesce(pm_start, '-') || ' <> ' || start_date END,
           CASE WHEN pm_end IS DISTINCT FROM end_date THEN 'end_date ' || coalesce(pm_end, '-') || ' <> ' || coalesce(end_date, '-') END,
           CASE WHEN pm_rate IS DISTINCT FROM rate_cents THEN 'rate_cents ' || coalesce(CAST(pm_rate AS VARCHAR), '-') || ' <> ' || CAST(rate_cents AS VARCHAR) END,
           CASE WHEN pm_currency IS DISTINCT FROM currency THEN 'currency' END,
           CASE WHEN pm_status IS DISTINCT FROM status THEN 'status ' || coalesce(pm_status, '-') || ' <> ' || status END,
           CASE WHEN first_from IS DISTINCT FROM start_date THEN 'first fee schedule from ' || coalesce(first_from, '(none)') END,
           CASE WHEN late_n IS NOT NULL THEN 'a fee schedule from after ' || d_force END,
           CASE WHEN NOT has_force THEN 'no fee schedule in force on ' || d_force
                WHEN force_bill IS DISTINCT FROM rate_cents OR force_pay IS DISTINCT FROM pay_cents
                THEN 'schedule in force ' || coalesce(CAST(force_bill AS VARCHAR), '-') || '/' || coalesce(CAST(force_pay AS VARCHAR), '-')
                     || ' <> ' || CAST(rate_cents AS VARCHAR) || '/' || CAST(pay_cents AS VARCHAR) END) AS problem
    FROM joined
    WHERE pm_email IS DISTINCT FROM candidate_email OR pm_name IS DISTINCT FROM candidate_name
       OR pm_client IS DISTINCT FROM client_code OR pm_start IS DISTINCT FROM start_date
       OR pm_end IS DISTINCT FROM end_date OR pm_rate IS DISTINCT FROM rate_cents
       OR pm_currency IS DISTINCT FROM currency OR pm_status IS DISTINCT FROM status
       OR first_from IS DISTINCT FROM start_date OR late_n IS NOT NULL OR NOT has_force
       OR force_bill IS DISTINCT FROM rate_cents OR force_pay IS DISTINCT FROM pay_cents;
