-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-roster-after-run3
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_roster WHERE cp = 'final'
-- description: After the third run (half an hour after the second, with a site renumbered, a
--  person renamed, placements approved and terminated) the roster holds every Approved or Active
--  placement with its person's name, site code, role, ISO dates and status as Benchline has them,
--  and no placement Benchline still has outside that scope (rows of deleted placements: c2).
WITH o AS (
    SELECT * FROM o_roster WHERE cp = 'final'
    QUALIFY row_number() OVER (PARTITION BY placement_id ORDER BY candidate_name, site_code, role, date_begin, date_end, status) = 1
), k AS (SELECT * FROM k_roster WHERE cp = 'final')
SELECT k.placement_id,
       CASE WHEN o.placement_id IS NULL THEN 'missing from the roster'
            WHEN o.candidate_name IS DISTINCT FROM k.candidate_name THEN 'candidate_name'
            WHEN o.site_code IS DISTINCT FROM k.site_code THEN 'site_code'
            WHEN o.role IS DISTINCT FROM k.role THEN 'role'
            WHEN o.date_begin IS DISTINCT FROM k.date_begin THEN 'date_begin'
            WHEN o.date_end IS DISTINCT FROM k.date_end THEN 'date_end'
            ELSE 'status' END AS problem,
       o.candidate_name, k.candidate_name AS benchline_name, o.site_code, k.site_code AS benchline_site,
       o.date_begin, k.date_begin AS benchline_begin, o.date_end, k.date_end AS benchline_end
FROM k LEFT JOIN o ON o.placement_id = k.placement_id
WHERE o.placement_id IS NULL
   OR o.candidate_name IS DISTINCT FROM k.candidate_name OR o.site_code IS DISTINCT FROM k.site_code
   OR o.role IS DISTINCT FROM k.role OR o.date_begin IS DISTINCT FROM k.date_begin
   OR o.date_end IS DISTINCT FROM k.date_end OR o.status IS DISTINCT FROM k.status
UNION ALL
SELECT o.placement_id, 'on the roster but ' || coalesce(p.status, '?') || ' in Benchline', o.candidate_name, NULL,
       o.site_code, NULL, o.date_begin, NULL, o.date_end, NULL
FROM o JOIN state.benchline_placements p ON p.id = o.placement_id
WHERE o.placement_id NOT IN (SELECT placement_id FROM k)
