-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-forged-no-effect
-- category: integrity
-- weight: 3
-- description: Deliveries with a wrong signature or a stale timestamp are refused (non-2xx, as
--  lib forged_rejected judges them) and nothing they carried reaches the store (a placement id
--  or an (id, version) that only forged payloads had). Guarded: a receiver that acknowledged no
--  genuine delivery proves nothing by refusing forgeries.
WITH g AS (
    SELECT TRY_CAST(req_body AS JSON) AS b, status
    FROM exchanges WHERE direction = 'to_receiver' AND forged IS NULL AND vendor = 'placemint'
), f AS (
    SELECT seq, forged, status, TRY_CAST(req_body AS JSON) AS b
    FROM exchanges WHERE direction = 'to_receiver' AND forged IS NOT NULL
), genuine AS (
    SELECT b->>'$.data.object.id' AS id, TRY_CAST(b->>'$.data.object.version' AS BIGINT) AS version FROM g
    UNION SELECT id, version FROM state.placemint_placements
    UNION SELECT id, version FROM cp_switched.placemint_placements
    UNION SELECT CAST(id AS VARCHAR), TRY_CAST(version AS BIGINT) FROM cp_initial.output_placements
), forged_only AS (
    SELECT b->>'$.data.object.id' AS id, TRY_CAST(b->>'$.data.object.version' AS BIGINT) AS version,
           min(forged) AS kind
    FROM f WHERE b->>'$.data.object.object' = 'placement' GROUP BY 1, 2
), forged_only_states AS (
    SELECT fo.* FROM forged_only fo
    ANTI JOIN genuine gn ON gn.id = fo.id AND gn.version IS NOT DISTINCT FROM fo.version
), o AS (
    SELECT CAST(id AS VARCHAR) AS id, TRY_CAST(version AS BIGINT) AS version FROM output.placements
)
SELECT CAST(seq AS VARCHAR) AS what, 'forged delivery acknowledged' AS problem, forged AS kind, status
FROM f WHERE forged IN ('bad_signature', 'stale_timestamp', 'tampered_body', 'resigned_stale_replay',
                        'revoked_key') AND status BETWEEN 200 AND 299
UNION ALL
SELECT o.id || ' v' || CAST(o.version AS VARCHAR), 'state only a forgery carried is in the store', fs.kind, NULL
FROM o JOIN forged_only_states fs ON fs.id = o.id AND fs.version IS NOT DISTINCT FROM o.version
UNION ALL
SELECT o.id, 'placement only a forgery named is in the store', min(fo.kind), NULL
FROM o JOIN forged_only fo ON fo.id = o.id
WHERE o.id NOT IN (SELECT id FROM genuine WHERE id IS NOT NULL)
GROUP BY o.id
UNION ALL
SELECT NULL, 'no genuine delivery was acknowledged', NULL, NULL
WHERE NOT EXISTS (SELECT 1 FROM g WHERE status BETWEEN 200 AND 299)
