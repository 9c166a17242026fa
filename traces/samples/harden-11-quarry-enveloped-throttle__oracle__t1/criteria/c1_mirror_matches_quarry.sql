-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-mirror-matches-quarry
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After every run (cp1, cp2, final) the mirror holds every candidate Quarry has, with
--  Quarry's name, e-mail (NULL when none) and updatedAt, and every interview Quarry has on any
--  application (Archived ones included), with its application, that application's candidate, its
--  status, startTime, endTime and updatedAt (compared as instants). A mirror with no row fails.
--  Records deleted in Quarry and still in the mirror are c5's.
SELECT k.cp, 'candidate' AS kind, k.id,
       CASE WHEN o.id IS NULL THEN 'missing' ELSE 'differs' END AS problem
FROM k_cands k LEFT JOIN o_cands o ON o.cp = k.cp AND o.id = k.id
WHERE o.id IS NULL OR o.name IS DISTINCT FROM k.name OR o.email IS DISTINCT FROM k.email
   OR o.updated_at IS DISTINCT FROM k.updated_at
UNION ALL
SELECT k.cp, CASE WHEN k.application_status = 'Archived' THEN 'interview (archived application)' ELSE 'interview' END,
       k.id, CASE WHEN o.id IS NULL THEN 'missing' ELSE 'differs' END
FROM k_ints k LEFT JOIN o_ints o ON o.cp = k.cp AND o.id = k.id
WHERE o.id IS NULL OR o.application_id IS DISTINCT FROM k.application_id
   OR o.candidate_id IS DISTINCT FROM k.candidate_id OR o.status IS DISTINCT FROM k.status
   OR o.start_time IS DISTINCT FROM k.start_time OR o.end_time IS DISTINCT FROM k.end_time
   OR o.updated_at IS DISTINCT FROM k.updated_at
UNION ALL
SELECT c.cp, 'mirror', NULL, 'the mirror is empty or missing'
FROM (VALUES ('cp1'), ('cp2'), ('final')) c(cp)
WHERE NOT EXISTS (SELECT 1 FROM o_cands o WHERE o.cp = c.cp) OR NOT EXISTS (SELECT 1 FROM o_ints o WHERE o.cp = c.cp)
