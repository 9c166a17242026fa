-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-gate-list-after-every-run
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each of the four runs the gate list holds exactly the Approved placements
--  with no end date or one today or later, each with its person's name, site code and ISO dates
--  as Benchline has them at that moment, and no other row (a placement Benchline has out of
--  scope, or no longer has). Binary: the first load alone is most of the rows.
WITH o AS (
    SELECT * FROM o_gate
    QUALIFY row_number() OVER (PARTITION BY cp, placement_id ORDER BY candidate, site, date_begin, date_end) = 1
)
SELECT k.cp, k.placement_id,
       CASE WHEN o.placement_id IS NULL THEN 'missing from the gate list'
            WHEN o.candidate IS DISTINCT FROM k.candidate THEN 'candidate'
            WHEN o.site IS DISTINCT FROM k.site THEN 'site'
            WHEN o.date_begin IS DISTINCT FROM k.date_begin THEN 'date_begin'
            ELSE 'date_end' END AS problem,
       o.candidate, k.candidate AS benchline_candidate, o.site, k.site AS benchline_site,
       o.date_begin, k.date_begin AS benchline_begin, o.date_end, k.date_end AS benchline_end
FROM k_gate k LEFT JOIN o ON o.cp = k.cp AND o.placement_id = k.placement_id
WHERE o.placement_id IS NULL
   OR o.candidate IS DISTINCT FROM k.candidate OR o.site IS DISTINCT FROM k.site
   OR o.date_begin IS DISTINCT FROM k.date_begin OR o.date_end IS DISTINCT FROM k.date_end
UNION ALL
SELECT o.cp, o.placement_id,
       CASE WHEN e.placement_id IS NULL THEN 'on the gate list but not in Benchline (deleted)'
            ELSE 'on the gate list but ' || e.status || coalesce(' ending ' || strftime(e.date_end, '%Y-%m-%d'), '') END,
       o.candidate, NULL, o.site, NULL, o.date_begin, NULL, o.date_end, NULL
FROM o LEFT JOIN k_exists e ON e.cp = o.cp AND e.placement_id = o.placement_id
WHERE NOT EXISTS (SELECT 1 FROM k_gate k WHERE k.cp = o.cp AND k.placement_id = o.placement_id)
