-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-gap-changes-at-switch
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: Right after the switch (checkpoint `switched`), every placement changed after the
--  poller's last poll and before the switch (the scenario's changes_after_last_poll step) or
--  during the cutover run (the scheduled changes that fired) is in the store with Placemint's
--  status and version at that moment: none of the changes around the switch was lost.
WITH gap AS (
    SELECT DISTINCT unnest(json_extract_string(result, '$.results[*].ids[*]')) AS id
    FROM events WHERE type = 'step' AND kind = 'mutate' AND step = 'changes_after_last_poll'
    UNION
    SELECT DISTINCT unnest(json_extract_string(results, '$[*].ids[*]')) FROM cp_switched.placemint_control_log
), o AS (
    SELECT CAST(id AS VARCHAR) AS id, CAST(status AS VARCHAR) AS status, TRY_CAST(version AS BIGINT) AS version
    FROM cp_switched.output_placements
)
SELECT gap.id, 'not in the store at the switch' AS problem, s.status AS placemint_status,
       s.version AS placemint_version, NULL AS store_status, NULL AS store_version
FROM gap JOIN cp_switched.placemint_placements s ON s.id = gap.id
ANTI JOIN o ON o.id = gap.id
UNION ALL
SELECT gap.id, 'older than Placemint at the switch', s.status, s.version, o.status, o.version
FROM gap JOIN cp_switched.placemint_placements s ON s.id = gap.id JOIN o ON o.id = gap.id
WHERE o.status IS DISTINCT FROM s.status OR o.version IS DISTINCT FROM s.version
UNION ALL
SELECT NULL, 'no change was made around the switch (scenario broken)', NULL, NULL, NULL, NULL
WHERE (SELECT count(*) FROM gap) = 0
