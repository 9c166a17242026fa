-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-roster-after-runs-1-2
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM k_roster WHERE cp IN ('cp1', 'cp2')
-- description: After the first run (the load) and after the second (12 placements created, 6
--  ended, 3 deleted) the roster already holds every Approved or Active placement with every column
--  as Benchline has them at that moment, and no placement Benchline has outside that scope (rows
--  of deleted placements: c2). c1 judges the roster after the third run.
WITH o AS (
    SELECT * FROM o_roster WHERE cp IN ('cp1', 'cp2')
    QUALIFY row_number() OVER (PARTITION BY cp, placement_id ORDER BY candidate_name, site_code, role, date_begin, date_end, status) = 1
), k AS (SELECT * FROM k_roster WHERE cp IN ('cp1', 'cp2'))
SELECT k.cp, k.placement_id,
       CASE WHEN o.placement_id IS NULL THEN 'missing from the roster'
            WHEN o.candidate_name IS DISTINCT FROM k.candidate_name THEN 'candidate_name'
            WHEN o.site_code IS DISTINCT FROM k.site_code THEN 'site_code'
            WHEN o.role IS DISTINCT FROM k.role THEN 'role'
            WHEN o.date_begin IS DISTINCT FROM k.date_begin THEN 'date_begin'
            WHEN o.date_end IS DISTINCT FROM k.date_end THEN 'date_end'
            ELSE 'status' END AS problem,
       o.date_begin, k.date_begin AS benchline_begin, o.date_end, k.date_end AS benchline_end
FROM k LEFT JOIN o ON o.cp = k.cp AND o.placement_id = k.placement_id
WHERE o.placement_id IS NULL
   OR o.candidate_name IS DISTINCT FROM k.candidate_name OR o.site_code IS DISTINCT FROM k.site_code
   OR o.role IS DISTINCT FROM k.role OR o.date_begin IS DISTINCT FROM k.date_begin
   OR o.date_end IS DISTINCT FROM k.date_end OR o.status IS DISTINCT FROM k.status
UNION ALL
SELECT o.cp, o.placement_id, 'on the roster but out of scope in Benchline', o.date_begin, NULL, o.date_end, NULL
FROM o JOIN k_exists e ON e.cp = o.cp AND e.placement_id = o.placement_id
WHERE NOT EXISTS (SELECT 1 FROM k WHERE k.cp = o.cp AND k.placement_id = o.placement_id)
