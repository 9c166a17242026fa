-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-values-mapped
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM cp_initial.staffline_placements WHERE (status = 'Active' OR (status = 'Ended' AND end_date > DATE '2025-11-30')) AND id NOT IN (SELECT unnest(from_json(json_extract(result, '$.results[' || i || '].ids'), '["BIGINT"]')) FROM (SELECT result, unnest(range(CAST(json_array_length(payload, '$.ops') AS BIGINT))) AS i FROM events WHERE type = 'step' AND kind = 'mutate' AND vendor = 'staffline'))
-- description: For every in-scope placement the cutover did not touch, its Placemint record
--  (external_ref SL-<id>) carries the rate in cents rounded half-up, the start and end dates,
--  the mapped status and the client (the job's client on legacy rows); a missing record counts.
WITH touched AS (
    SELECT unnest(from_json(json_extract(result, '$.results[' || i || '].ids'), '["BIGINT"]')) AS id
    FROM (SELECT result, unnest(range(CAST(json_array_length(payload, '$.ops') AS BIGINT))) AS i
          FROM events WHERE type = 'step' AND kind = 'mutate' AND vendor = 'staffline')
), k AS (
    SELECT p.id,
           CAST(floor(CAST(p.bill_rate AS DECIMAL(18, 3)) * 100 + 0.5) AS BIGINT) AS rate_cents,
           p.start_date, p.end_date,
           CASE p.status WHEN 'Active' THEN 'active' WHEN 'Ended' THEN 'completed'
                         WHEN 'Cancelled' THEN 'canceled' END AS status,
           coalesce(p.client_code, j.client_code) AS client_code
    FROM cp_initial.staffline_placements p JOIN cp_initial.staffline_jobs j ON j.id = p.job_id
    WHERE (p.status = 'Active' OR (p.status = 'Ended' AND p.end_date > DATE '2025-11-30'))
      AND p.id NOT IN (SELECT id FROM touched)
)
SELECT k.id AS staffline_id,
       CASE WHEN pm.id IS NULL THEN 'no Placemint record with SL-' || CAST(k.id AS VARCHAR)
            ELSE concat_ws('; ',
                 CASE WHEN pm.rate_cents IS DISTINCT FROM k.rate_cents
                      THEN 'rate_cents ' || CAST(pm.rate_cents AS VARCHAR) || ' <> ' || CAST(k.rate_cents AS VARCHAR) END,
                 CASE WHEN pm.start_date IS DISTINCT FROM k.start_date THEN 'start_date' END,
                 CASE WHEN pm.end_date IS DISTINCT FROM k.end_date THEN 'end_date' END,
                 CASE WHEN pm.status IS DISTINCT FROM k.status THEN 'status ' || pm.status || ' <> ' || k.status END,
                 CASE WHEN pm.client_code IS DISTINCT FROM k.client_code THEN 'client_code' END)
       END AS problem,
       pm.id AS placemint_id
FROM k LEFT JOIN state.placemint_placements pm ON pm.external_ref = 'SL-' || CAST(k.id AS VARCHAR)
WHERE pm.id IS NULL
   OR pm.rate_cents IS DISTINCT FROM k.rate_cents
   OR pm.start_date IS DISTINCT FROM k.start_date
   OR pm.end_date IS DISTINCT FROM k.end_date
   OR pm.status IS DISTINCT FROM k.status
   OR pm.client_code IS DISTINCT FROM k.client_code
