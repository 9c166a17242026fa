-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). The graded checkpoints are cp1 (after run1) and final
-- (after run2); Keystone does not change while a run works, so its state at a checkpoint is
-- what that run read.
--   ak_employees  per checkpoint, every Keystone employee with its external id KS-<EmployeeNo>,
--                 its start date and whether it is open to an internal move
--   ak_ks_cands   per checkpoint, every TalentForge candidate whose external_id starts KS-
--                 (the push's), with `withdrawn` = it carries the mobility-withdrawn tag
CREATE OR REPLACE TEMP VIEW ak_employees AS
    SELECT 'cp1' AS cp, e.id, 'KS-' || e.employee_no AS external_id, e.first_name, e.last_name, e.email, e.phone,
           e.start_date, coalesce(m.open_to_move, FALSE) AS opted_in
    FROM cp_cp1.keystone_employees e LEFT JOIN cp_cp1.keystone_internal_mobility m ON m.employee_id = e.id
    UNION ALL
    SELECT 'final', e.id, 'KS-' || e.employee_no, e.first_name, e.last_name, e.email, e.phone, e.start_date,
           coalesce(m.open_to_move, FALSE)
    FROM state.keystone_employees e LEFT JOIN state.keystone_internal_mobility m ON m.employee_id = e.id;

CREATE OR REPLACE TEMP VIEW ak_ks_cands AS
    WITH c AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.talentforge_candidates
        UNION ALL BY NAME
        SELECT 'final' AS cp, * FROM state.talentforge_candidates
    )
    SELECT c.cp, c.id, c.external_id, c.first_name, c.last_name, c.email, c.phone, c.source, c.hired_on,
           coalesce(list_contains(CAST(c.tags AS VARCHAR[]), 'mobility-withdrawn'), FALSE) AS withdrawn
    FROM c
    WHERE c.external_id LIKE 'KS-%';
