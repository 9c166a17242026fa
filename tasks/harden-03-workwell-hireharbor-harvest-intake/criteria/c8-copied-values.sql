-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-copied-values
-- category: correctness
-- weight: 1
-- mandatory: true
-- description: After each run, every candidate the bridge created for a qualified person has
--  the person's first and last name, the lower-cased e-mail as its only e-mail and their phone
--  as its only number (none without a phone); every application it created has source
--  `Workwell`. Without any created candidate there is nothing to compare: a violation.
SELECT h.cp AS checkpoint, 'candidate' AS kind, h.id, h.email, h.first_name, h.last_name,
       CAST(h.emails AS VARCHAR) AS emails, CAST(h.phone_numbers AS VARCHAR) AS phone_numbers, NULL AS source
FROM ak_hh_cands h JOIN ak_people p ON p.cp = h.cp AND p.email = h.email
WHERE h.new AND (h.first_name IS DISTINCT FROM p.firstname OR h.last_name IS DISTINCT FROM p.lastname
                 OR CAST(h.emails AS JSON) IS DISTINCT FROM to_json([p.email])
                 OR CAST(h.phone_numbers AS JSON) IS DISTINCT FROM
                    (CASE WHEN p.phone IS NULL THEN to_json([]::VARCHAR[]) ELSE to_json([p.phone]) END))
UNION ALL
SELECT a.cp, 'application', a.id, NULL, NULL, NULL, NULL, NULL, a.source
FROM ak_hh_apps a
WHERE a.new AND a.source IS DISTINCT FROM 'Workwell'
UNION ALL
SELECT t.cp, 'nothing created', NULL, NULL, NULL, NULL, NULL, NULL, NULL
FROM (VALUES ('cp1'), ('final')) t(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_hh_cands h JOIN ak_people p ON p.cp = h.cp AND p.email = h.email
                  WHERE h.cp = t.cp AND h.new)
