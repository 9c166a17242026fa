-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-store-matches
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM state.placemint_placements s LEFT JOIN cp_initial.output_placements i ON CAST(i.id AS VARCHAR) = s.id WHERE i.id IS NULL OR TRY_CAST(i.version AS BIGINT) IS DISTINCT FROM s.version OR CAST(i.status AS VARCHAR) IS DISTINCT FROM s.status
-- description: At the end, the timesheet store holds every Placemint placement once, with
--  Placemint's status and version, and nothing Placemint does not have. Partial credit over the
--  placements that changed since the handover (the work to do).
WITH o AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(status AS VARCHAR) AS status, TRY_CAST(version AS BIGINT) AS version
    FROM output.placements
)
SELECT s.id, 'missing from the store' AS problem, s.status AS placemint_status, s.version AS placemint_version,
       NULL AS store_status, NULL AS store_version
FROM state.placemint_placements s ANTI JOIN o ON o.id = s.id
UNION ALL
SELECT o.id, 'differs from Placemint', s.status, s.version, o.status, o.version
FROM o JOIN state.placemint_placements s ON s.id = o.id
WHERE o.status IS DISTINCT FROM s.status OR o.version IS DISTINCT FROM s.version
UNION ALL
SELECT o.id, 'not a Placemint placement', NULL, NULL, o.status, o.version
FROM o ANTI JOIN state.placemint_placements s ON s.id = o.id
UNION ALL
SELECT id, 'stored ' || count(*) || ' times', NULL, NULL, NULL, NULL
FROM o GROUP BY id HAVING count(*) > 1
