-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-never-emptied
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: The dashboard is never empty (file missing or without rows) at a checkpoint after a run
--   while Conflux holds live Quillon candidates (the ticket: an outage never empties the dashboard).
SELECT s.cp, s.n AS dashboard_rows, (SELECT count(*) FROM k_cand k WHERE k.cp = s.cp AND NOT k.deleted) AS live_in_conflux
FROM o_size s
WHERE s.n = 0 AND EXISTS (SELECT 1 FROM k_cand k WHERE k.cp = s.cp AND NOT k.deleted)
