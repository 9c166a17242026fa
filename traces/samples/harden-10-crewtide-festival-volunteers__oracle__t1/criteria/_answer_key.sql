-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created on the grading connection before the criteria:
--   ak_expected  per graded checkpoint (cp1 after run 1, final after run 2), every Crewtide
--                candidate carrying the tag volunteer-2026 at that moment, with the values
--                volunteers.csv must show (the ticket: exactly the tagged candidates when the
--                run ends, values as Crewtide has them then)
--   ak_output    per graded checkpoint, every row of volunteers.csv (ids cast; a row whose id is
--                not an integer keeps id NULL and counts as a wrong row)
CREATE OR REPLACE TEMP VIEW ak_expected AS
SELECT 'cp1' AS checkpoint, id, first_name, last_name, email, phone
FROM cp_cp1.crewtide_candidates
WHERE list_contains(CAST(json_extract_string(tags, '$[*]') AS VARCHAR[]), 'volunteer-2026')
UNION ALL
SELECT 'final', id, first_name, last_name, email, phone
FROM state.crewtide_candidates
WHERE list_contains(CAST(json_extract_string(tags, '$[*]') AS VARCHAR[]), 'volunteer-2026');

CREATE OR REPLACE TEMP VIEW ak_output AS
SELECT 'cp1' AS checkpoint, TRY_CAST(candidate_id AS BIGINT) AS id, CAST(candidate_id AS VARCHAR) AS raw_id,
       CAST(given_name AS VARCHAR) AS given_name, CAST(family_name AS VARCHAR) AS family_name,
       CAST(email AS VARCHAR) AS email, CAST(phone AS VARCHAR) AS phone
FROM cp_cp1.output_volunteers
UNION ALL
SELECT 'final', TRY_CAST(candidate_id AS BIGINT), CAST(candidate_id AS VARCHAR), CAST(given_name AS VARCHAR),
       CAST(family_name AS VARCHAR), CAST(email AS VARCHAR), CAST(phone AS VARCHAR)
FROM output.volunteers;
