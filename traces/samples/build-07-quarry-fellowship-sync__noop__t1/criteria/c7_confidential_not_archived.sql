-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-confidential-not-archived
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM q_app f JOIN q_app p ON p.cp = 'cp2' AND p.id = f.id AND NOT p.hidden WHERE f.cp = 'final' AND f.hidden
-- description: The applications of the fellowship made confidential during the pause (still in Quarry,
--  but no longer readable with the API key and left out of the unfiltered application list) are
--  still in the store after the last run and not flagged archived: archived means deleted from
--  Quarry and nothing else (ticket rule 2).
WITH ca AS (SELECT f.id FROM q_app f JOIN q_app p ON p.cp = 'cp2' AND p.id = f.id AND NOT p.hidden
            WHERE f.cp = 'final' AND f.hidden)
SELECT c.id, CASE WHEN NOT EXISTS (SELECT 1 FROM o_app o WHERE o.cp = 'final' AND o.id = c.id)
                  THEN 'removed from the store' ELSE 'flagged archived, but still in Quarry' END AS problem
FROM ca c
WHERE NOT EXISTS (SELECT 1 FROM o_app o WHERE o.cp = 'final' AND o.id = c.id AND NOT o.archived)
UNION ALL
SELECT NULL, 'no application of a job made confidential after the second run (scenario broken)'
WHERE NOT EXISTS (SELECT 1 FROM ca)
