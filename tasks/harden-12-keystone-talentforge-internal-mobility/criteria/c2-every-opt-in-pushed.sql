-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-every-opt-in-pushed
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After each run, every Keystone employee open to an internal move has a
--  TalentForge candidate with external_id KS-<EmployeeNo> and source internal (how many there
--  are is c3's business).
SELECT e.cp AS checkpoint, e.id AS employee_id, e.external_id,
       list(c.source) FILTER (WHERE c.id IS NOT NULL) AS sources_found
FROM ak_employees e
LEFT JOIN ak_ks_cands c ON c.cp = e.cp AND c.external_id = e.external_id
WHERE e.opted_in
GROUP BY e.cp, e.id, e.external_id
HAVING count(c.id) FILTER (WHERE c.source = 'internal') = 0
