-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-volunteer-values
-- category: correctness
-- weight: 1
-- mandatory: true
-- description: After each run, every volunteers.csv row of a tagged candidate carries the given
--  name, family name, e-mail and phone Crewtide has when the run ends (an empty field where
--  Crewtide has none). Which rows must be there is c1's and c6's; an empty or missing file fails.
-- Weight 1: the starter writes the right values for the rows it has (changes between runs reach it
-- through its incremental read), so it passes; mandatory: a wrong column leaves the run unsolved.
SELECT o.checkpoint, o.id AS candidate_id,
       concat_ws(', ', CASE WHEN coalesce(o.given_name, '') <> coalesce(e.first_name, '') THEN 'given_name' END,
                 CASE WHEN coalesce(o.family_name, '') <> coalesce(e.last_name, '') THEN 'family_name' END,
                 CASE WHEN coalesce(o.email, '') <> coalesce(e.email, '') THEN 'email' END,
                 CASE WHEN coalesce(o.phone, '') <> coalesce(e.phone, '') THEN 'phone' END) AS differs
FROM ak_output o JOIN ak_expected e ON e.checkpoint = o.checkpoint AND e.id = o.id
WHERE coalesce(o.given_name, '') <> coalesce(e.first_name, '')
   OR coalesce(o.family_name, '') <> coalesce(e.last_name, '')
   OR coalesce(o.email, '') <> coalesce(e.email, '')
   OR coalesce(o.phone, '') <> coalesce(e.phone, '')
UNION ALL
SELECT c.checkpoint, NULL, 'volunteers.csv is empty or missing'
FROM (VALUES ('cp1'), ('final')) c(checkpoint)
WHERE NOT EXISTS (SELECT 1 FROM ak_output o WHERE o.checkpoint = c.checkpoint)
