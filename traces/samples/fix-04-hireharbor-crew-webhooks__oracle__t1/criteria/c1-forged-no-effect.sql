-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-forged-no-effect
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: Deliveries HireHarbor did not send (signed with a wrong key, whatever they claim
--  to be, or edited in transit) are refused and leave no trace: none answered 2xx, no tracker row
--  for an application no genuine delivery was about, no row carrying a forged value HireHarbor
--  does not have. Guarded: a scenario in which no forgery reached the receiver proves nothing.
SELECT 'forged delivery answered 2xx' AS problem, seq AS evidence, forged AS kind,
       req_headers->>'$."hireharbor-event"' AS claimed_event, status
FROM exchanges
WHERE direction = 'to_receiver' AND vendor = 'hireharbor' AND forged IN ('bad_signature', 'tampered_body')
  AND status BETWEEN 200 AND 299
UNION ALL
SELECT 'row no genuine delivery was about', o.application_id, NULL, o.name, NULL
FROM crew_out o
WHERE o.application_id IS NULL OR o.application_id NOT IN (SELECT application_id FROM genuine_apps WHERE application_id IS NOT NULL)
UNION ALL
SELECT 'row carries a forged value', o.application_id, f.kind, concat_ws(' | ', o.name, o.stage, o.status), NULL
FROM crew_out o JOIN forged_rows f USING (application_id) JOIN crew_key k USING (application_id)
WHERE (o.name = f.name AND o.name IS DISTINCT FROM k.name)
   OR (o.stage = f.stage AND o.stage IS DISTINCT FROM k.stage)
   OR (o.status = f.status AND o.status IS DISTINCT FROM k.status)
UNION ALL
SELECT 'no forged delivery reached the receiver', NULL, NULL, NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE direction = 'to_receiver' AND vendor = 'hireharbor'
                  AND forged IN ('bad_signature', 'tampered_body'))
