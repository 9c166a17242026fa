-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-no-conflux-after-rekey
-- category: conduct
-- weight: 2
-- description: After the re-key run, the syncs call Conflux not once (the ticket: no Conflux after
--  the switch). Guarded: syncs that call HireHarbor not at all did no sync.
SELECT seq, phase, method, path, 'a Conflux request after the re-key' AS problem
FROM exchanges
WHERE vendor = 'conflux' AND direction = 'to_vendor' AND phase IN ('scenario:run2', 'scenario:run3')
UNION ALL
SELECT NULL, 'scenario:run2', NULL, NULL, 'the first sync sent HireHarbor nothing'
WHERE NOT EXISTS (SELECT 1 FROM exchanges WHERE vendor = 'hireharbor' AND direction = 'to_vendor'
                  AND phase = 'scenario:run2')
