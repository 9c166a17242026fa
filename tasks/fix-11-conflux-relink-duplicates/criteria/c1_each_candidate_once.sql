-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-each-candidate-once
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: After every run (cp1, cp2, final) no Greenhouse candidate (remote_id) is on the
--   dashboard more than once, the re-link of the day before run2 included; an empty dashboard at a
--   checkpoint fails (nothing shown is not "nobody twice").
SELECT cp, remote_id, n AS rows_on_dashboard, 'on the dashboard more than once' AS problem
FROM o_cand WHERE n > 1 GROUP BY cp, remote_id, n
UNION ALL
SELECT cp, NULL, 0, 'the dashboard is empty' FROM o_size WHERE n = 0
