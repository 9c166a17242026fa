-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-incomplete-run-archives-nothing
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: Run 3, whose walk could not complete, archived nothing and removed nothing: every
--   application archived in the planner at cp3 was already archived after run 2, and every row
--   held after run 2 is still there (fails too when the planner held nothing after run 2).
SELECT c3.id, 'archived by the incomplete run' AS why
FROM o_apps c3
WHERE c3.cp = 'cp3' AND c3.archived IS DISTINCT FROM 0
  AND NOT EXISTS (SELECT 1 FROM o_apps c2 WHERE c2.cp = 'cp2' AND c2.id = c3.id AND c2.archived = 1)
UNION ALL
SELECT c2.id, 'removed by the incomplete run'
FROM o_apps c2
WHERE c2.cp = 'cp2' AND NOT EXISTS (SELECT 1 FROM o_apps c3 WHERE c3.cp = 'cp3' AND c3.id = c2.id)
UNION ALL
SELECT 'the planner held nothing after run 2', NULL WHERE NOT EXISTS (SELECT 1 FROM o_apps WHERE cp = 'cp2')
