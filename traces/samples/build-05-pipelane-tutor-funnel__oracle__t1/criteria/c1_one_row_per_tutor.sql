-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-row-per-tutor
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_key
-- description: After each run, every Pipelane contact with at least one opportunity has exactly one funnel row,
--   carrying its primary e-mail; no row for a contact without opportunities (or no contact at all).
-- The answer key (ak_*) is in _answer_key.sql.
WITH n AS (SELECT cp, contact_id, count(*) AS n_rows FROM ak_out GROUP BY ALL),
contacts AS (
    SELECT 'cp1' AS cp, id, email FROM cp_cp1.pipelane_contacts
    UNION ALL SELECT 'final', id, email FROM state.pipelane_contacts
)
SELECT k.cp, k.contact_id, 'missing' AS problem, NULL AS detail
FROM ak_key k LEFT JOIN n ON n.cp = k.cp AND n.contact_id = k.contact_id
WHERE n.contact_id IS NULL
UNION ALL
SELECT n.cp, n.contact_id, 'duplicated', CAST(n.n_rows AS VARCHAR)
FROM n JOIN ak_key k ON k.cp = n.cp AND k.contact_id = n.contact_id
WHERE n.n_rows > 1
UNION ALL
SELECT n.cp, n.contact_id, 'not a contact with opportunities', NULL
FROM n WHERE NOT EXISTS (SELECT 1 FROM ak_key k WHERE k.cp = n.cp AND k.contact_id = n.contact_id)
UNION ALL
SELECT o.cp, o.contact_id, 'e-mail', o.email
FROM ak_out o JOIN ak_key k ON k.cp = o.cp AND k.contact_id = o.contact_id
LEFT JOIN contacts c ON c.cp = o.cp AND c.id = o.contact_id
WHERE lower(trim(coalesce(o.email, ''))) IS DISTINCT FROM lower(trim(coalesce(c.email, '')))
