-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-checklist-items
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After every run, each moved onboarding's employee has exactly one onboarding
--  item per Crewtide task, with the Keystone code (task_codes.csv; no code -> OTHER), the task's
--  title, and status done when the task is ticked in Crewtide at that point, open otherwise; no
--  other items. A checkpoint with no item is a violation (nothing to judge).
WITH want AS (
    SELECT t.cp, t.ref, t.code, t.title, CASE WHEN t.done THEN 'done' ELSE 'open' END AS status, count(*) AS n
    FROM ak_tasks t WHERE EXISTS (SELECT 1 FROM ak_emp e WHERE e.cp = t.cp AND e.external_ref = t.ref)
    GROUP BY ALL
), have AS (
    SELECT i.cp, i.ref, i.code, i.title, i.status, count(*) AS n
    FROM ak_items i WHERE i.ref IN (SELECT ref FROM ak_scope)
    GROUP BY ALL
)
SELECT coalesce(w.cp, h.cp) AS cp, coalesce(w.ref, h.ref) AS ref, coalesce(w.code, h.code) AS code,
       coalesce(w.title, h.title) AS title, w.status AS crewtide, h.status AS keystone,
       coalesce(w.n, 0) AS tasks, coalesce(h.n, 0) AS items
FROM want w FULL OUTER JOIN have h
  ON h.cp = w.cp AND h.ref = w.ref AND h.code = w.code AND h.title = w.title AND h.status = w.status AND h.n = w.n
WHERE w.cp IS NULL OR h.cp IS NULL
UNION ALL
SELECT c.cp, NULL, NULL, NULL, NULL, NULL, 0, 0
FROM ak_cps c WHERE NOT EXISTS (SELECT 1 FROM ak_items i WHERE i.cp = c.cp AND i.ref IN (SELECT ref FROM ak_scope))
