-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: candidates-mirrored
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM state.staffline_candidates
-- description: Every live StaffLine candidate is in the CSV with its current e-mail.
SELECT c.id, c.email, o.email AS csv_email
FROM state.staffline_candidates c
LEFT JOIN output.candidates o ON TRY_CAST(o.id AS BIGINT) = c.id
WHERE o.id IS NULL OR lower(CAST(o.email AS VARCHAR)) <> lower(c.email)
