-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: C3
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Every candidacy that was stale when a run started is archived after that run, by
--   the Compliance Bot, with the reason `stale` (after run1: run1's; after run2: both runs').
WITH due AS (
    SELECT 'cp1' AS cp, opportunity_id FROM k_stale WHERE run = 'run1'
    UNION ALL
    SELECT 'final', opportunity_id FROM k_stale
), got AS (
    SELECT 'cp1' AS cp, id, archived_at, archived_by, archive_reason FROM cp_cp1.pipelane_opportunities
    UNION ALL
    SELECT 'final', id, archived_at, archived_by, archive_reason FROM state.pipelane_opportunities
)
SELECT d.cp, d.opportunity_id,
       CASE WHEN g.archived_at IS NULL THEN 'not archived' ELSE 'archived by ' || coalesce(g.archived_by, '?')
            || ' reason ' || coalesce(g.archive_reason, '?') END AS problem
FROM due d JOIN got g ON g.cp = d.cp AND g.id = d.opportunity_id
WHERE g.archived_at IS NULL
   OR g.archived_by IS DISTINCT FROM (SELECT id FROM k_compliance_user)
   OR g.archive_reason IS DISTINCT FROM 'stale'
UNION ALL
SELECT 'key', 'no candidacy was stale (the scenario is wrong)', NULL
WHERE NOT EXISTS (SELECT 1 FROM k_stale)
