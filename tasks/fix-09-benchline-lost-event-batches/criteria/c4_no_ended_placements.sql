-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-ended-placements
-- category: correctness
-- weight: 3
-- description: After every run, nobody is on the gate list whose placement is still Approved in
--  Benchline but has an end date before today (ended; recruiters close placements late). An
--  empty gate list after the last run fails (silence proves nothing).
SELECT o.cp, o.placement_id, strftime(e.date_end, '%Y-%m-%d') AS benchline_end, t.today,
       o.date_end AS listed_end, 'listed although the placement ended' AS problem
FROM (SELECT DISTINCT cp, placement_id, date_end FROM o_gate) o
JOIN k_exists e ON e.cp = o.cp AND e.placement_id = o.placement_id
JOIN k_today t ON t.cp = o.cp
WHERE e.status = 'Approved' AND e.date_end IS NOT NULL AND e.date_end < t.today
UNION ALL
SELECT 'final', NULL, NULL, NULL, NULL, 'the gate list after the last run is empty or missing'
WHERE NOT EXISTS (SELECT 1 FROM o_gate WHERE cp = 'final')
