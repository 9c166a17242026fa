-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-rerun-changes-nothing
-- category: integrity
-- weight: 1
-- mandatory: false
-- description: The second delta run (nothing changed in StaffLine since the first) creates no
--  Placemint record and changes no business field. Fails when nothing had been migrated by then.
WITH a AS (SELECT * FROM cp_cp2.placemint_placements), b AS (SELECT * FROM state.placemint_placements)
SELECT b.id AS placemint_id, 'created by run 3' AS problem FROM b WHERE b.id NOT IN (SELECT id FROM a)
UNION ALL
SELECT b.id, 'changed by run 3' FROM a JOIN b ON a.id = b.id
WHERE a.external_ref IS DISTINCT FROM b.external_ref OR a.candidate_email IS DISTINCT FROM b.candidate_email
   OR a.candidate_name IS DISTINCT FROM b.candidate_name OR a.client_code IS DISTINCT FROM b.client_code
   OR a.job_title IS DISTINCT FROM b.job_title OR a.start_date IS DISTINCT FROM b.start_date
   OR a.end_date IS DISTINCT FROM b.end_date OR a.rate_cents IS DISTINCT FROM b.rate_cents
   OR a.currency IS DISTINCT FROM b.currency OR a.status IS DISTINCT FROM b.status
UNION ALL
SELECT NULL, 'nothing had been migrated before run 3'
WHERE NOT EXISTS (SELECT 1 FROM a WHERE external_ref LIKE 'SL-%')
