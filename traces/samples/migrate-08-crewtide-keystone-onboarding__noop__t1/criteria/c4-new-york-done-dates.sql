-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-new-york-done-dates
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After every run, each item of a moved onboarding (matched to its task by code
--  and title) carries as DoneOn the New York date of the task's done-at, and no date while the
--  task is open. A checkpoint with no dated item is a violation (nothing to judge).
SELECT i.cp, i.ref, i.code, CAST(i.done_on AS VARCHAR) AS keystone, CAST(t.ny_date AS VARCHAR) AS new_york
FROM ak_items i JOIN ak_tasks t ON t.cp = i.cp AND t.ref = i.ref AND t.code = i.code AND t.title = i.title
WHERE i.done_on IS DISTINCT FROM t.ny_date
UNION ALL
SELECT c.cp, NULL, NULL, NULL, 'no item with a completion date'
FROM ak_cps c
WHERE NOT EXISTS (SELECT 1 FROM ak_items i JOIN ak_tasks t ON t.cp = i.cp AND t.ref = i.ref AND t.code = i.code
                  AND t.title = i.title WHERE i.cp = c.cp AND t.done AND i.done_on = t.ny_date)
