-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-personal-fields
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: Keystone is master for personal fields. After every run, each moved onboarding's
--  employee carries the teacher's Crewtide first and last name, e-mail (any case) and phone, no
--  address -- except what HR edited in Keystone after the move (five addresses, one phone),
--  which must survive both syncs. A checkpoint with no such employee is a violation.
WITH want AS (
    SELECT c.cp, s.ref, k.first_name, k.last_name, lower(k.email) AS email,
           CASE WHEN c.cp <> 'cp1' AND h.phone IS NOT NULL THEN h.phone ELSE k.phone END AS phone,
           CASE WHEN c.cp <> 'cp1' THEN h.address END AS address
    FROM ak_cps c, ak_scope s
    JOIN cp_initial.crewtide_candidates k ON k.id = s.candidate_id
    LEFT JOIN ak_hr h ON h.ref = s.ref
)
SELECT w.cp, w.ref,
       CASE WHEN e.id IS NULL THEN 'no employee'
            WHEN e.address IS DISTINCT FROM w.address THEN 'address ' || coalesce(e.address, 'null')
            WHEN e.phone IS DISTINCT FROM w.phone THEN 'phone ' || coalesce(e.phone, 'null')
            ELSE 'name or e-mail differs' END AS problem
FROM want w LEFT JOIN ak_emp e ON e.cp = w.cp AND e.external_ref = w.ref
WHERE e.id IS NULL
   OR e.first_name IS DISTINCT FROM w.first_name OR e.last_name IS DISTINCT FROM w.last_name
   OR lower(e.email) IS DISTINCT FROM w.email OR e.phone IS DISTINCT FROM w.phone
   OR e.address IS DISTINCT FROM w.address
