-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-old-list-repaired
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: The fixed job starts from the state folder the job before it left (the ticket:
--  it takes that folder over; materials/state/ is the copy the agent gets). That job's list had
--  lost four approvals (8, 59, 165, 193), kept a completed and a terminated placement (5, 151),
--  lost five end dates (7 and 186 already over, 13 ending today, 77 and 144 ahead) and a new
--  name (62). After every run, from the first on, each of these twelve placements is on the gate
--  list exactly as Benchline has it (or absent when the rules exclude it). The ids are the
--  preloaded file's (the task runs on its written seed only); a placement of the twelve that
--  Benchline does not have at the first checkpoint fails (the dataset changed: nothing to judge).
WITH damaged(placement_id) AS (
    VALUES (5), (7), (8), (13), (59), (62), (77), (144), (151), (165), (186), (193)
), o AS (
    SELECT * FROM o_gate
    QUALIFY row_number() OVER (PARTITION BY cp, placement_id ORDER BY candidate, site, date_begin, date_end) = 1
), cps(cp) AS (VALUES ('cp1'), ('cp2'), ('cp3'), ('final'))
SELECT c.cp, d.placement_id,
       CASE WHEN k.placement_id IS NULL THEN 'listed although the rules leave it out'
            WHEN o.placement_id IS NULL THEN 'missing from the gate list'
            ELSE 'listed with other values than Benchline has' END AS problem,
       o.candidate, k.candidate AS benchline_candidate, o.date_end, k.date_end AS benchline_end
FROM damaged d CROSS JOIN cps c
LEFT JOIN k_gate k ON k.cp = c.cp AND k.placement_id = d.placement_id
LEFT JOIN o ON o.cp = c.cp AND o.placement_id = d.placement_id
WHERE (k.placement_id IS NULL) <> (o.placement_id IS NULL)
   OR (k.placement_id IS NOT NULL AND (o.candidate IS DISTINCT FROM k.candidate OR o.site IS DISTINCT FROM k.site
       OR o.date_begin IS DISTINCT FROM k.date_begin OR o.date_end IS DISTINCT FROM k.date_end))
UNION ALL
SELECT 'cp1', d.placement_id, 'not in Benchline at cp1: the dataset is not the one the preloaded state was taken from',
       NULL, NULL, NULL, NULL
FROM damaged d
WHERE NOT EXISTS (SELECT 1 FROM k_exists e WHERE e.cp = 'cp1' AND e.placement_id = d.placement_id)
