-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-pilot-integrity
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No pilot record is duplicated: a StaffLine placement whose pilot record matches
--  (e-mail case-insensitive, client, start date) is carried by that record, not by a new one; a
--  pilot record that matches nothing is not taken over; external_ref is unique. Fails when
--  nothing was migrated at all.
WITH scope0 AS (
    SELECT p.id, lower(c.email) AS email, coalesce(p.client_code, j.client_code) AS client_code, p.start_date
    FROM cp_initial.staffline_placements p
    JOIN cp_initial.staffline_candidates c ON c.id = p.candidate_id
    JOIN cp_initial.staffline_jobs j ON j.id = p.job_id
    WHERE p.status = 'Active' OR (p.status = 'Ended' AND p.end_date > DATE '2025-11-30')
), pilot AS (
    SELECT id, lower(candidate_email) AS email, client_code, start_date FROM cp_initial.placemint_placements
), m AS (
    SELECT s.id AS sid, p.id AS pid FROM scope0 s
    JOIN pilot p ON p.email = s.email AND p.client_code = s.client_code AND p.start_date = s.start_date
), orphan AS (
    SELECT id FROM pilot WHERE id NOT IN (SELECT pid FROM m)
)
SELECT f.id AS placemint_id, m.sid AS staffline_id, 'duplicate of pilot record ' || m.pid AS problem
FROM m JOIN state.placemint_placements f ON f.external_ref = 'SL-' || CAST(m.sid AS VARCHAR) AND f.id <> m.pid
UNION ALL
SELECT f.id, m.sid, 'pilot record carries ' || f.external_ref || ' instead of SL-' || CAST(m.sid AS VARCHAR)
FROM m JOIN state.placemint_placements f ON f.id = m.pid
WHERE f.external_ref IS NOT NULL AND f.external_ref <> 'SL-' || CAST(m.sid AS VARCHAR)
UNION ALL
SELECT f.id, NULL, 'a pilot record matching no StaffLine placement was taken over as ' || f.external_ref
FROM orphan o JOIN state.placemint_placements f ON f.id = o.id
WHERE f.external_ref IS NOT NULL
UNION ALL
SELECT NULL, NULL, 'external_ref ' || external_ref || ' is on ' || CAST(count(*) AS VARCHAR) || ' records'
FROM state.placemint_placements WHERE external_ref IS NOT NULL GROUP BY external_ref HAVING count(*) > 1
UNION ALL
SELECT NULL, NULL, 'no Placemint placement carries an SL- reference'
WHERE NOT EXISTS (SELECT 1 FROM state.placemint_placements WHERE external_ref LIKE 'SL-%')
