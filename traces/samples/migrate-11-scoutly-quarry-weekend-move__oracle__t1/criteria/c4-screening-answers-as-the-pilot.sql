-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-screening-answers-as-the-pilot
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After the weekend (final) each Quarry candidate of a Scoutly candidate carries
--   the person's screening answers as custom fields written as the pilot wrote them (the
--   question's text as the name; Yes/No, whole numbers, the option or text as is; the latest
--   application's answer), and no other custom field. No candidate beyond the pilot's is a
--   violation (silence earns nothing).
WITH have AS (SELECT f.* FROM q_fields f WHERE f.email IN (SELECT email FROM k_cands)),
want AS (SELECT k.* FROM k_fields k WHERE k.email IN (SELECT email FROM q_cands))
SELECT w.email, w.field, w.value AS expected, h.value AS found, 'custom field missing or different' AS problem
FROM want w LEFT JOIN have h ON h.email = w.email AND h.field = w.field
WHERE h.value IS DISTINCT FROM w.value
UNION ALL
SELECT h.email, h.field, NULL, h.value, 'a custom field that is no screening question answered'
FROM have h WHERE NOT EXISTS (SELECT 1 FROM want w WHERE w.email = h.email AND w.field = h.field)
UNION ALL
SELECT NULL, NULL, NULL, NULL, 'no candidate beyond the pilot''s'
WHERE NOT EXISTS (SELECT 1 FROM state.quarry_candidates
                  WHERE id NOT IN (SELECT id FROM cp_initial.quarry_candidates))
