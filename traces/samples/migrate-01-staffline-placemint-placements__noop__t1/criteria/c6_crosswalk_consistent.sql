-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-crosswalk-consistent
-- category: correctness
-- weight: 2
-- mandatory: false
-- description: crosswalk.csv agrees with Placemint at the end: one row per Placemint record
--  carrying SL-<id> (staffline_id, placemint_id, match adopted when the record existed before
--  the migration, else created) and one orphan row (empty staffline_id) per Placemint record
--  carrying no SL- reference; nothing else, nothing twice. An empty crosswalk fails.
WITH pm AS (
    SELECT f.id, f.external_ref,
           f.id IN (SELECT id FROM cp_initial.placemint_placements) AS preexisting
    FROM state.placemint_placements f
), exp AS (
    SELECT CASE WHEN external_ref LIKE 'SL-%' THEN TRY_CAST(substr(external_ref, 4) AS BIGINT) END AS sid,
           id AS pid,
           CASE WHEN external_ref LIKE 'SL-%' THEN CASE WHEN preexisting THEN 'adopted' ELSE 'created' END
                ELSE 'orphan' END AS m
    FROM pm
), cw AS (
    SELECT TRY_CAST(NULLIF(trim(CAST(staffline_id AS VARCHAR)), '') AS BIGINT) AS sid,
           trim(CAST(placemint_id AS VARCHAR)) AS pid,
           lower(trim(CAST(match AS VARCHAR))) AS m
    FROM output.crosswalk
)
SELECT e.pid AS placemint_id, e.sid AS staffline_id, e.m AS expected, 'missing or wrong in the crosswalk' AS problem
FROM exp e
WHERE NOT EXISTS (SELECT 1 FROM cw WHERE cw.pid = e.pid AND cw.m = e.m AND cw.sid IS NOT DISTINCT FROM e.sid)
UNION ALL
SELECT cw.pid, cw.sid, cw.m, 'crosswalk row that Placemint does not bear out'
FROM cw
WHERE NOT EXISTS (SELECT 1 FROM exp e WHERE cw.pid = e.pid AND cw.m = e.m AND cw.sid IS NOT DISTINCT FROM e.sid)
UNION ALL
SELECT pid, NULL, NULL, 'placemint_id listed ' || CAST(count(*) AS VARCHAR) || ' times'
FROM cw GROUP BY pid HAVING count(*) > 1
UNION ALL
SELECT NULL, sid, NULL, 'staffline_id listed ' || CAST(count(*) AS VARCHAR) || ' times'
FROM cw WHERE sid IS NOT NULL GROUP BY sid HAVING count(*) > 1
UNION ALL
SELECT NULL, NULL, NULL, 'the crosswalk is empty or missing'
WHERE (SELECT count(*) FROM output.crosswalk) = 0
