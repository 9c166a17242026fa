-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: C4
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: No candidacy that was not stale when a run started was archived during that run
--   (a recent interview booking or note keeps a candidacy active); fails too when the runs
--   archived nothing at all.
WITH archived_in_run AS (
    SELECT 'run1' AS run, a.id FROM cp_cp1.pipelane_opportunities a
    JOIN cp_initial.pipelane_opportunities b USING (id)
    WHERE a.archived_at IS NOT NULL AND b.archived_at IS NULL
    UNION ALL
    SELECT 'run2', a.id FROM state.pipelane_opportunities a
    JOIN cp_before_run2.pipelane_opportunities b USING (id)
    WHERE a.archived_at IS NOT NULL AND b.archived_at IS NULL
)
SELECT r.run, r.id AS opportunity_id, 'archived though not stale' AS problem
FROM archived_in_run r
WHERE NOT EXISTS (SELECT 1 FROM k_stale k WHERE k.run = r.run AND k.opportunity_id = r.id)
UNION ALL
SELECT 'runs', 'no candidacy was archived by either run', NULL
WHERE NOT EXISTS (SELECT 1 FROM archived_in_run)
