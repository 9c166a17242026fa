-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-site-and-role-present
-- category: correctness
-- weight: 2
-- description: After every run, no rostered placement has an empty site code or role while
--  Benchline has one (the site is the job order's, the role the placement's). An empty final
--  roster fails.
SELECT o.cp, o.placement_id, 'site_code empty' AS problem, k.site_code AS benchline_value
FROM o_roster o JOIN k_roster k ON k.cp = o.cp AND k.placement_id = o.placement_id
WHERE o.site_code IS NULL AND k.site_code IS NOT NULL
UNION ALL
SELECT o.cp, o.placement_id, 'role empty', k.role
FROM o_roster o JOIN k_roster k ON k.cp = o.cp AND k.placement_id = o.placement_id
WHERE o.role IS NULL AND k.role IS NOT NULL
UNION ALL
SELECT 'final', NULL, 'the roster is empty or missing', NULL WHERE (SELECT count(*) FROM o_roster WHERE cp = 'final') = 0
