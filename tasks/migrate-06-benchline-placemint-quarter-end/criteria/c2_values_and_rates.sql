-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-values-and-rates
-- category: correctness
-- weight: 4
-- mandatory: true
-- population: SELECT count(*) FROM ak_expected WHERE cp IN ('cp1', 'cp2', 'final') AND id NOT IN (SELECT id FROM ak_walk_ids)
-- description: Every Placemint placement of a Benchline placement the walk of run 1 did not
--  see change carries the rules' values at cp1, cp2 and final (against Benchline at the same
--  checkpoint): e-mail, name, site code, Perth start and end dates, bill rate in cents half to
--  even, currency aud, mapped status; and its fee schedules: the first from the start date, none
--  from a later day than the change, the one in force carrying the current bill and pay cents.
--  A missing record is c1's; the changes made during the walk are c3's.
SELECT cp, id AS benchline_id, placemint_id, problem
FROM ak_problems
WHERE cp IN ('cp1', 'cp2', 'final') AND id NOT IN (SELECT id FROM ak_walk_ids)
