-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-first-seen-kept
-- category: integrity
-- weight: 3
-- description: Rows handed over by the poller keep their first_seen_at (the same instant; the
--  notation may change), every row has a first_seen_at, and no id is stored twice. Guarded: a
--  store that was never updated after the handover proves nothing.
WITH before AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(first_seen_at AS VARCHAR) AS first_seen_at,
           TRY_CAST(version AS BIGINT) AS version
    FROM cp_initial.output_placements
), after AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(first_seen_at AS VARCHAR) AS first_seen_at,
           TRY_CAST(version AS BIGINT) AS version
    FROM output.placements
)
SELECT b.id, 'first_seen_at changed' AS problem, b.first_seen_at AS handed_over, a.first_seen_at AS now
FROM before b JOIN after a ON a.id = b.id
WHERE TRY_CAST(a.first_seen_at AS TIMESTAMPTZ) IS DISTINCT FROM TRY_CAST(b.first_seen_at AS TIMESTAMPTZ)
UNION ALL
SELECT b.id, 'handed-over row dropped', b.first_seen_at, NULL
FROM before b ANTI JOIN after a ON a.id = b.id
UNION ALL
SELECT a.id, 'no valid first_seen_at', NULL, a.first_seen_at
FROM after a WHERE TRY_CAST(a.first_seen_at AS TIMESTAMPTZ) IS NULL
UNION ALL
SELECT id, 'stored ' || count(*) || ' times', NULL, NULL FROM after GROUP BY id HAVING count(*) > 1
UNION ALL
SELECT NULL, 'the store was not updated after the handover', NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM after a LEFT JOIN before b ON b.id = a.id
                  WHERE b.id IS NULL OR a.version IS DISTINCT FROM b.version)
