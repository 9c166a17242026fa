-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-roster-after-every-run
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After every run (the first load cut by the failover, the run after fifteen
--  minutes of changes, the run after the three-hour outage) the roster holds every Approved or
--  Active placement Benchline has at that moment, once, with the worker's name, site code, role,
--  ISO dates and status as Benchline has them, and nothing else (no placement outside that scope,
--  none Benchline no longer has). Binary; an empty roster fails.
WITH o AS (
    SELECT * FROM o_roster
    QUALIFY row_number() OVER (PARTITION BY cp, placement_id ORDER BY worker, site_code, role, date_begin, date_end, status) = 1
)
SELECT k.cp, k.placement_id,
       CASE WHEN o.placement_id IS NULL THEN 'missing from the roster'
            WHEN o.worker IS DISTINCT FROM k.worker THEN 'worker'
            WHEN o.site_code IS DISTINCT FROM k.site_code THEN 'site_code'
            WHEN o.role IS DISTINCT FROM k.role THEN 'role'
            WHEN o.date_begin IS DISTINCT FROM k.date_begin THEN 'date_begin'
            WHEN o.date_end IS DISTINCT FROM k.date_end THEN 'date_end'
            ELSE 'status' END AS problem,
       o.worker, k.worker AS benchline_worker, o.site_code, k.site_code AS benchline_site
FROM k_roster k LEFT JOIN o ON o.cp = k.cp AND o.placement_id = k.placement_id
WHERE o.placement_id IS NULL
   OR o.worker IS DISTINCT FROM k.worker OR o.site_code IS DISTINCT FROM k.site_code
   OR o.role IS DISTINCT FROM k.role OR o.date_begin IS DISTINCT FROM k.date_begin
   OR o.date_end IS DISTINCT FROM k.date_end OR o.status IS DISTINCT FROM k.status
UNION ALL
SELECT o.cp, o.placement_id, 'on the roster but not an Approved or Active placement in Benchline', o.worker, NULL, o.site_code, NULL
FROM o_roster o
WHERE NOT EXISTS (SELECT 1 FROM k_roster k WHERE k.cp = o.cp AND k.placement_id IS NOT DISTINCT FROM o.placement_id)
UNION ALL
SELECT cp, placement_id, 'listed ' || count(*) || ' times', NULL, NULL, NULL, NULL
FROM o_roster WHERE placement_id IS NOT NULL GROUP BY cp, placement_id HAVING count(*) > 1
UNION ALL
SELECT c.cp, NULL, 'the roster is empty or missing', NULL, NULL, NULL, NULL
FROM (VALUES ('cp1'), ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_roster o WHERE o.cp = c.cp)
