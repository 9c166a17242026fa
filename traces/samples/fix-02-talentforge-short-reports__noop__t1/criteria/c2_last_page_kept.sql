-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-last-page-kept
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After the first run the report holds the applications of the walk's last page: the 12
--  newest in-scope applications in TalentForge's list order (updated_at, then id). 1,112 in-scope
--  applications leave 12 on the last page at 20, 25, 50 or 100 per page, and whatever the page size
--  the newest ones are on the last page.
WITH tail AS (
    SELECT id, updated_at FROM cp_initial.talentforge_applications
    WHERE status IN ('active', 'offer')
    ORDER BY CAST(updated_at AS TIMESTAMP) DESC, id DESC
    LIMIT 12
)
SELECT t.id, t.updated_at, 'missing from the report after run1' AS problem
FROM tail t
WHERE t.id NOT IN (SELECT CAST(id AS VARCHAR) FROM cp_cp1.output_applications WHERE id IS NOT NULL)
