-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-cutover-reflected
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Every change recruiters made in StaffLine between the backfill and the delta
--  runs is in Placemint at the end: edited fields (rate, end date, status), cancellations,
--  placements that came into scope and new placements (all their fields), from StaffLine's
--  final state.
WITH ops AS (
    SELECT json_extract_string(payload, '$.ops[' || i || '].op') AS op,
           json_extract(payload, '$.ops[' || i || '].values') AS vals,
           from_json(json_extract(result, '$.results[' || i || '].ids'), '["BIGINT"]') AS ids
    FROM (SELECT payload, result, unnest(range(CAST(json_array_length(payload, '$.ops') AS BIGINT))) AS i
          FROM events WHERE type = 'step' AND kind = 'mutate' AND vendor = 'staffline')
), touched AS (
    SELECT op, vals, unnest(ids) AS id FROM ops WHERE op IN ('create', 'update')
), scope0 AS (
    SELECT id FROM cp_initial.staffline_placements
    WHERE status = 'Active' OR (status = 'Ended' AND end_date > DATE '2025-11-30')
), k AS (
    SELECT t.id, t.op, t.vals,
           (t.op = 'create' OR t.id NOT IN (SELECT id FROM scope0)) AS full_check,
           CAST(floor(CAST(p.bill_rate AS DECIMAL(18, 3)) * 100 + 0.5) AS BIGINT) AS rate_cents,
           p.start_date, p.end_date,
           CASE p.status WHEN 'Active' THEN 'active' WHEN 'Ended' THEN 'completed'
                         WHEN 'Cancelled' THEN 'canceled' END AS status,
           coalesce(p.client_code, j.client_code) AS client_code
    FROM touched t
    JOIN state.staffline_placements p ON p.id = t.id
    JOIN state.staffline_jobs j ON j.id = p.job_id
    WHERE t.id IN (SELECT id FROM scope0)
       OR p.status = 'Active' OR (p.status = 'Ended' AND p.end_date > DATE '2025-11-30')
), judged AS (
    SELECT k.id, k.op, pm.id AS placemint_id,
           pm.id IS NULL AS missing,
           pm.rate_cents IS DISTINCT FROM k.rate_cents
               AND (k.full_check OR json_extract(k.vals, '$.bill_rate') IS NOT NULL) AS bad_rate,
           pm.end_date IS DISTINCT FROM k.end_date
               AND (k.full_check OR json_extract(k.vals, '$.end_date') IS NOT NULL) AS bad_end,
           pm.status IS DISTINCT FROM k.status
               AND (k.full_check OR json_extract(k.vals, '$.status') IS NOT NULL) AS bad_status,
           k.full_check AND (pm.start_date IS DISTINCT FROM k.start_date
                             OR pm.client_code IS DISTINCT FROM k.client_code) AS bad_other
    FROM k LEFT JOIN state.placemint_placements pm ON pm.external_ref = 'SL-' || CAST(k.id AS VARCHAR)
)
SELECT id AS staffline_id, op,
       CASE WHEN missing THEN 'no Placemint record with SL-' || CAST(id AS VARCHAR)
            ELSE concat_ws('; ', CASE WHEN bad_rate THEN 'rate_cents' END, CASE WHEN bad_end THEN 'end_date' END,
                           CASE WHEN bad_status THEN 'status' END, CASE WHEN bad_other THEN 'start_date/client_code' END)
       END AS problem, placemint_id
FROM judged WHERE missing OR bad_rate OR bad_end OR bad_status OR bad_other
UNION ALL
SELECT NULL, NULL, 'no cutover changes were recorded (scenario problem)', NULL
WHERE NOT EXISTS (SELECT 1 FROM touched)
