-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-nobody-untagged
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: volunteers.csv holds nobody who is not tagged volunteer-2026 when the run ends
--  (people who withdrew -- the tag taken off, before or during the run -- and rows that are no
--  Crewtide candidate); an empty or missing file fails.
SELECT o.checkpoint, o.raw_id AS candidate_id, 'not tagged volunteer-2026 when the run ended' AS problem
FROM ak_output o
WHERE o.id IS NULL
   OR NOT EXISTS (SELECT 1 FROM ak_expected e WHERE e.checkpoint = o.checkpoint AND e.id = o.id)
UNION ALL
SELECT c.checkpoint, NULL, 'volunteers.csv is empty or missing'
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM ak_output o WHERE o.checkpoint = c.checkpoint)
