-- check: no_unsafe_files
-- Files of the integration the harness refused to follow, read or write through
-- (ibench/safefs.py): a declared output that was a symlink, a hard link, a FIFO, a device or too
-- large, an output folder (or a folder below the workspace root) replaced by a symlink, or a link
-- planted where a preload step writes. The harness lists them as `unsafe_files` in the result of
-- its checkpoint and preload step events (docs/trace-format.md).
-- @with
steps AS (
    SELECT step, kind AS step_kind, result
    -- every phase: a guard of the benchmark itself (docs/conduct.md)
    FROM all_events
    WHERE type = 'step' AND kind IN ('checkpoint', 'preload') AND {{!scope}}
      AND json_type(result -> '$.unsafe_files') = 'ARRAY'
), u AS (
    SELECT step, step_kind, unnest(CAST(result -> '$.unsafe_files' AS JSON[])) AS f
    FROM steps
)
-- @evidence
SELECT count(*) FROM u
-- @violations
SELECT step, step_kind, f ->> '$.kind' AS kind, f ->> '$.path' AS path, f ->> '$.output' AS output,
       f ->> '$.message' AS message
FROM u
