-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-hand-extensions-kept
-- category: integrity
-- weight: 2
-- mandatory: false
-- description: Placements a recruiter extended by hand before run3 still end on (or after) the hand-entered
--   date, since the W10 file's earlier dates must not shorten them (a run3 that wrote no results fails).
WITH hand_ops AS (
    -- the ops as sent (a variant's name the stand-ins: docs/variants.md)
    SELECT unnest(CAST(coalesce(data -> '$.sent', json_extract(payload, '$.ops')) AS JSON[])) AS op
    FROM events WHERE type = 'step' AND kind = 'mutate'
), hand AS (
    SELECT op->>'$.where.external_ref' AS ref, CAST(op->>'$.values.end_date' AS DATE) AS hand_end
    FROM hand_ops
    WHERE op->>'$.table' = 'placements' AND op->>'$.values.end_date' IS NOT NULL
)
SELECT h.ref, h.hand_end, s.end_date AS final_end
FROM hand h LEFT JOIN state.staffline_placements s ON s.external_ref = h.ref
WHERE s.end_date IS NULL OR s.end_date < h.hand_end
UNION ALL
SELECT 'run3 wrote no results', NULL, NULL WHERE (SELECT count(*) FROM output.extension_results) = 0
UNION ALL
SELECT 'the scenario made no hand extension', NULL, NULL WHERE (SELECT count(*) FROM hand) = 0
