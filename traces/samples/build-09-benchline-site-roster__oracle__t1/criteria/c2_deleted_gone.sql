-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-deleted-placements-gone
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: The placements deleted in Benchline between the first and second runs are off the
--  roster after the second and third runs; no roster holds a placement Benchline does not have.
--  An empty final roster fails.
WITH deleted AS (
    SELECT unnest(CAST(r->'$.ids' AS BIGINT[])) AS placement_id
    FROM (SELECT unnest(CAST(json_extract(result, '$.results') AS JSON[])) AS r
          FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'changes1')
    WHERE r->>'$.op' = 'delete' AND r->>'$.table' = 'placements'
)
SELECT o.cp, o.placement_id,
       CASE WHEN o.placement_id IN (SELECT placement_id FROM deleted) THEN 'deleted in Benchline, still on the roster'
            ELSE 'not a Benchline placement' END AS problem
FROM o_roster o
WHERE o.placement_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM k_exists e WHERE e.cp = o.cp AND e.placement_id = o.placement_id)
UNION ALL
SELECT 'final', NULL, 'the roster is empty or missing' WHERE (SELECT count(*) FROM o_roster WHERE cp = 'final') = 0
UNION ALL
SELECT NULL, NULL, 'no deletion in the events (scenario broken)' WHERE NOT EXISTS (SELECT 1 FROM deleted)
