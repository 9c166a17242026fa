-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-leaves-the-allowance
-- category: conduct
-- weight: 2
-- mandatory: true
-- description: The ticket's allowance rule: while it serves, the tracker makes at most 10 requests
--  to HireHarbor's API on the crew day, however many changes come in; `subscribe` (the run steps)
--  does not count. Every scenario request to HireHarbor outside a run step counts, whatever its
--  answer (a refused one too). Re-reading the application of every delivery (about fifty on this
--  day) fails; following the deliveries' own content, reading back only where it must, passes.
--  Guarded: a receiver that took in none of HireHarbor's deliveries proves nothing.
WITH runs AS (
    SELECT 'scenario:' || e.step AS phase FROM events e WHERE e.type = 'step' AND e.kind = 'run'
), calls AS (
    SELECT seq, phase, method, path, status FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'hireharbor' AND phase LIKE 'scenario:%'
      AND phase NOT IN (SELECT phase FROM runs)
)
SELECT 'more than 10 HireHarbor requests while serving' AS problem, count(*) AS requests,
       min(seq) AS first_seq, max(seq) AS last_seq
FROM calls HAVING count(*) > 10
UNION ALL
SELECT 'no genuine delivery was taken in', NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'hireharbor'
                  AND forged IS NULL AND upstream_called AND status BETWEEN 200 AND 299)
