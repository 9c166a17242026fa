-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-history-note
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Each moved opportunity's application note holds every Pipelane stage change: its instant in
--   UTC as ISO 8601 to the second (2026-03-04T09:15:27; fractions and the zone suffix as the writer
--   likes) and the stage it moved to.
WITH ch AS (
    SELECT k.opportunity_id, unnest(CAST(k.stage_changes AS JSON[])) AS c FROM k_opp k WHERE k.moves
), want AS (
    SELECT opportunity_id, c->>'toStage' AS to_stage,
           strftime(make_timestamp(CAST(c->>'updatedAt' AS BIGINT) * 1000), '%Y-%m-%dT%H:%M:%S') AS at
    FROM ch
)
SELECT w.opportunity_id, a.application_id, w.to_stage, w.at
FROM want w JOIN k_app a ON a.opportunity_id = w.opportunity_id
WHERE a.note IS NULL OR strpos(a.note, w.at) = 0 OR strpos(a.note, w.to_stage) = 0
