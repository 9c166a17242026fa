-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-placements-match
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: Every placement Placemint sent an event about is in ledger placements once, with
--  Placemint's current status and version (the highest version wins, whatever the arrival order);
--  no ledger row disagrees with Placemint.
WITH k AS (
    SELECT DISTINCT TRY_CAST(req_body AS JSON)->>'$.data.object.id' AS id
    FROM exchanges
    WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
      AND TRY_CAST(req_body AS JSON)->>'$.data.object.object' = 'placement'
), o AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(status AS VARCHAR) AS status, TRY_CAST(version AS BIGINT) AS version
    FROM output.ledger_placements
)
SELECT k.id, 'missing from the ledger' AS problem, s.status AS placemint_status, s.version AS placemint_version,
       NULL AS ledger_status, NULL AS ledger_version
FROM k JOIN state.placemint_placements s ON s.id = k.id
ANTI JOIN o ON o.id = k.id
UNION ALL
SELECT o.id, 'differs from Placemint', s.status, s.version, o.status, o.version
FROM o JOIN state.placemint_placements s ON s.id = o.id
WHERE o.status IS DISTINCT FROM s.status OR o.version IS DISTINCT FROM s.version
UNION ALL
SELECT o.id, 'not a Placemint placement', NULL, NULL, o.status, o.version
FROM o ANTI JOIN state.placemint_placements s ON s.id = o.id
UNION ALL
SELECT id, 'listed ' || count(*) || ' times', NULL, NULL, NULL, NULL
FROM o GROUP BY id HAVING count(*) > 1
