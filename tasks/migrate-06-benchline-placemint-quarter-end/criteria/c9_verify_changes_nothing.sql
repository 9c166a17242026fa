-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-verify-changes-nothing
-- category: integrity
-- weight: 2
-- mandatory: true
-- population: SELECT count(*) FROM cp_cp2.placemint_placements
-- description: verify (run 3) changes nothing in Placemint: every placement and fee schedule at
--  cp3 is as it was at cp2, none added, none removed. Fails when Placemint was empty at cp2.
WITH a AS (
    SELECT id, external_ref, candidate_email, candidate_name, client_code, CAST(start_date AS VARCHAR) AS start_date,
           CAST(end_date AS VARCHAR) AS end_date, rate_cents, currency, status FROM cp_cp2.placemint_placements
), b AS (
    SELECT id, external_ref, candidate_email, candidate_name, client_code, CAST(start_date AS VARCHAR) AS start_date,
           CAST(end_date AS VARCHAR) AS end_date, rate_cents, currency, status FROM cp_cp3.placemint_placements
), sa AS (
    SELECT id, placement_id, CAST(effective_from AS VARCHAR) AS effective_from, bill_rate_cents, pay_rate_cents
    FROM cp_cp2.placemint_fee_schedules
), sb AS (
    SELECT id, placement_id, CAST(effective_from AS VARCHAR) AS effective_from, bill_rate_cents, pay_rate_cents
    FROM cp_cp3.placemint_fee_schedules
)
SELECT id, 'placement changed or removed by verify' AS problem FROM (SELECT * FROM a EXCEPT SELECT * FROM b)
UNION ALL
SELECT id, 'placement changed or added by verify' FROM (SELECT * FROM b EXCEPT SELECT * FROM a)
UNION ALL
SELECT id, 'fee schedule changed or removed by verify' FROM (SELECT * FROM sa EXCEPT SELECT * FROM sb)
UNION ALL
SELECT id, 'fee schedule changed or added by verify' FROM (SELECT * FROM sb EXCEPT SELECT * FROM sa)
UNION ALL
SELECT NULL, 'Placemint was empty before verify' WHERE NOT EXISTS (SELECT 1 FROM cp_cp2.placemint_placements)
