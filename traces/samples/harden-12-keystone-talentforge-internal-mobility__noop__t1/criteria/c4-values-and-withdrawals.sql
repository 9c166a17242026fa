-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-values-and-withdrawals
-- category: correctness
-- weight: 2
-- mandatory: false
-- description: After each run, every KS- candidate of a Keystone employee carries that
--  employee's names, e-mail (any case), phone and hire date (Keystone's dd/mm/yyyy StartDate as the ISO hired_on); the
--  candidates of employees who are no longer open to a move carry the mobility-withdrawn tag
--  and those of employees open to a move do not. A checkpoint with no KS- candidate is a
--  violation (nothing to judge).
SELECT c.cp AS checkpoint, c.id, c.external_id,
       CASE WHEN c.hired_on IS DISTINCT FROM e.start_date THEN 'hired_on ' || coalesce(CAST(c.hired_on AS VARCHAR), 'null')
                 || ' for start date ' || CAST(e.start_date AS VARCHAR)
            WHEN c.first_name IS DISTINCT FROM e.first_name OR c.last_name IS DISTINCT FROM e.last_name THEN 'names differ'
            WHEN lower(c.email) IS DISTINCT FROM lower(e.email) OR c.phone IS DISTINCT FROM e.phone THEN 'e-mail or phone differs'
            WHEN e.opted_in AND c.withdrawn THEN 'tagged withdrawn while open to a move'
            ELSE 'opted out but not tagged withdrawn' END AS problem
FROM ak_ks_cands c JOIN ak_employees e ON e.cp = c.cp AND e.external_id = c.external_id
WHERE c.hired_on IS DISTINCT FROM e.start_date
   OR c.first_name IS DISTINCT FROM e.first_name OR c.last_name IS DISTINCT FROM e.last_name
   OR lower(c.email) IS DISTINCT FROM lower(e.email) OR c.phone IS DISTINCT FROM e.phone
   OR (e.opted_in AND c.withdrawn) OR (NOT e.opted_in AND NOT c.withdrawn)
UNION ALL
SELECT t.cp, NULL, NULL, 'no KS- candidate'
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_ks_cands c WHERE c.cp = t.cp)
