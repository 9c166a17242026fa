-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-each-run-result
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Each run's own result: after the backfill (cp1) every in-scope StaffLine placement is in
--  Placemint once (SL-<id>) with its rate (half up), dates, status, client and its candidate's e-mail
--  and name; after the backfill and after the first delta (cp1, cp2) crosswalk.csv agrees with
--  Placemint as c6 judges it at the end; at the end every migrated record carries its candidate's
--  e-mail and name.
-- The ticket wants the crosswalk after every run and the candidate's e-mail and name on the record;
-- c1-c4 and c6 judge the rest at the end, c8 the second delta. Name: "<first> <last>", as the pilot
-- keyed it; e-mail compared ignoring letter case, as the ticket's own matching rule does.
WITH scope1 AS (
    SELECT p.id, CAST(floor(CAST(p.bill_rate AS DECIMAL(18, 3)) * 100 + 0.5) AS BIGINT) AS rate_cents,
           p.start_date, p.end_date,
           CASE p.status WHEN 'Active' THEN 'active' WHEN 'Ended' THEN 'completed' WHEN 'Cancelled' THEN 'canceled' END AS status,
           coalesce(p.client_code, j.client_code) AS client_code, c.email, c.first_name || ' ' || c.last_name AS name
    FROM cp_cp1.staffline_placements p
    JOIN cp_cp1.staffline_jobs j ON j.id = p.job_id
    JOIN cp_cp1.staffline_candidates c ON c.id = p.candidate_id
    WHERE p.status = 'Active' OR (p.status = 'Ended' AND p.end_date > DATE '2025-11-30')
), pm1 AS (
    SELECT external_ref, count(*) AS n, any_value(rate_cents) AS rate_cents, any_value(start_date) AS start_date,
           any_value(end_date) AS end_date, any_value(status) AS status, any_value(client_code) AS client_code,
           any_value(candidate_email) AS candidate_email, any_value(candidate_name) AS candidate_name
    FROM cp_cp1.placemint_placements WHERE external_ref LIKE 'SL-%' GROUP BY external_ref
), names AS (
    SELECT 'SL-' || CAST(p.id AS VARCHAR) AS external_ref, c.email, c.first_name || ' ' || c.last_name AS name
    FROM state.staffline_placements p JOIN state.staffline_candidates c ON c.id = p.candidate_id
), pm AS (
    SELECT 'cp1' AS checkpoint, f.id, f.external_ref, f.id IN (SELECT id FROM cp_initial.placemint_placements) AS pre
    FROM cp_cp1.placemint_placements f
    UNION ALL
    SELECT 'cp2', f.id, f.external_ref, f.id IN (SELECT id FROM cp_initial.placemint_placements)
    FROM cp_cp2.placemint_placements f
), exp AS (
    SELECT checkpoint, CASE WHEN external_ref LIKE 'SL-%' THEN TRY_CAST(substr(external_ref, 4) AS BIGINT) END AS sid, id AS pid,
           CASE WHEN external_ref LIKE 'SL-%' THEN CASE WHEN pre THEN 'adopted' ELSE 'created' END ELSE 'orphan' END AS m
    FROM pm
), cw AS (
    SELECT 'cp1' AS checkpoint, TRY_CAST(NULLIF(trim(CAST(staffline_id AS VARCHAR)), '') AS BIGINT) AS sid,
           trim(CAST(placemint_id AS VARCHAR)) AS pid, lower(trim(CAST(match AS VARCHAR))) AS m
    FROM cp_cp1.output_crosswalk
    UNION ALL
    SELECT 'cp2', TRY_CAST(NULLIF(trim(CAST(staffline_id AS VARCHAR)), '') AS BIGINT),
           trim(CAST(placemint_id AS VARCHAR)), lower(trim(CAST(match AS VARCHAR)))
    FROM cp_cp2.output_crosswalk
)
SELECT 'cp1' AS checkpoint, s.id AS staffline_id, NULL AS placemint_id,
       CASE WHEN pm1.external_ref IS NULL THEN 'no Placemint record after the backfill'
            WHEN pm1.n > 1 THEN 'SL-' || CAST(s.id AS VARCHAR) || ' on ' || CAST(pm1.n AS VARCHAR) || ' records'
            ELSE 'a mapped field differs after the backfill' END AS problem
FROM scope1 s LEFT JOIN pm1 ON pm1.external_ref = 'SL-' || CAST(s.id AS VARCHAR)
WHERE pm1.external_ref IS NULL OR pm1.n > 1
   OR pm1.rate_cents IS DISTINCT FROM s.rate_cents OR pm1.start_date IS DISTINCT FROM s.start_date
   OR pm1.end_date IS DISTINCT FROM s.end_date OR pm1.status IS DISTINCT FROM s.status
   OR pm1.client_code IS DISTINCT FROM s.client_code
   OR lower(pm1.candidate_email) IS DISTINCT FROM lower(s.email) OR trim(pm1.candidate_name) IS DISTINCT FROM s.name
UNION ALL
SELECT e.checkpoint, e.sid, e.pid, 'missing or wrong in that run''s crosswalk (expected ' || e.m || ')'
FROM exp e
WHERE NOT EXISTS (SELECT 1 FROM cw WHERE cw.checkpoint = e.checkpoint AND cw.pid = e.pid AND cw.m = e.m
                  AND cw.sid IS NOT DISTINCT FROM e.sid)
UNION ALL
SELECT cw.checkpoint, cw.sid, cw.pid, 'crosswalk row that Placemint does not bear out'
FROM cw
WHERE NOT EXISTS (SELECT 1 FROM exp e WHERE e.checkpoint = cw.checkpoint AND cw.pid = e.pid AND cw.m = e.m
                  AND cw.sid IS NOT DISTINCT FROM e.sid)
UNION ALL
SELECT 'final', NULL, f.id, 'not the e-mail and name of the candidate of ' || f.external_ref
FROM state.placemint_placements f JOIN names n ON n.external_ref = f.external_ref
WHERE lower(f.candidate_email) IS DISTINCT FROM lower(n.email) OR trim(f.candidate_name) IS DISTINCT FROM n.name
UNION ALL
SELECT c.checkpoint, NULL, NULL, 'the crosswalk is empty or missing'
FROM (VALUES ('cp1'), ('cp2')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM cw WHERE cw.checkpoint = c.checkpoint)
