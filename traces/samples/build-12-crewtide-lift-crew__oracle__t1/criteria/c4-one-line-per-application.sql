-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-one-line-per-application
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: No application is on a roster twice (after either run; an empty roster fails).
-- The answer key (ak_*) is in _answer_key.sql.
SELECT cp, application_id, count(*) AS lines FROM ak_out GROUP BY cp, application_id HAVING count(*) > 1
UNION ALL
SELECT c.cp, NULL, 0 FROM (VALUES ('cp1'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_out o WHERE o.cp = c.cp)
