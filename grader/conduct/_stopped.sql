-- Shared trigger rule of the checks that judge how the integration reacted to something the
-- vendor or the recorder served (a throttle, a fault, a failed page, an ambiguous write, an
-- expired token): docs/conduct.md "Triggers". Expects a CTE `triggers(seq, phase, started_at,
-- ended_at, wait_until)`; wait_until is the end of the wait a throttle asked for (NULL for faults).
--
-- Such a check used to pass a run that died at the trigger (it sent no violating request), which
-- handed free points to a starter that crashes at the first fault. A trigger therefore counts
-- as handled only when the integration went on after it: a later request to the same vendor in
-- the same step (one that started once the trigger's answer had ended: requests already in
-- flight are no reaction), or the step ended as the task expects (its `expected`: exit 0 by
-- default, or an expected kill). A step killed at its time limit while the throttle's wait was
-- still running was waiting, as asked, and is not judged.
--
-- Only run steps have an exit of their own: the exit event of a run step carries the step's
-- phase and name (ibench/engine.py _run) and always `timed_out`; the receiver's (`serve`) exit
-- has neither, and its requests are not judged here (forged_rejected has its own rule).
, _stop_steps AS (
    SELECT phase, exit_code, coalesce(timed_out, FALSE) AS timed_out, "at" AS exit_at
    FROM {{!events}}
    WHERE type = 'process' AND state = 'exit' AND timed_out IS NOT NULL
      AND phase = 'scenario:' || name
      AND NOT coalesce(TRY_CAST(data ->> '$.expected' AS BOOLEAN),
                       exit_code = 0 AND NOT coalesce(timed_out, FALSE))
), _stop_last AS (
    -- the last request each such step sent to the vendor: the only one that can follow a trigger
    SELECT phase, max(started_at) AS last_start
    FROM {{!exchanges}}
    WHERE direction = 'to_vendor' AND vendor = {{vendor}}
      AND phase IN (SELECT phase FROM _stop_steps)
    GROUP BY phase
), stopped AS (
    SELECT t.seq, t.phase, {{vendor}} AS vendor, s.exit_code,
           'the integration stopped after it: no later request to ' || {{vendor}} || ' in step '
             || substr(t.phase, length('scenario:') + 1) || ', which '
             || CASE WHEN s.timed_out THEN 'was killed at its time limit'
                     ELSE 'exited ' || coalesce(CAST(s.exit_code AS VARCHAR), '?') END AS why
    FROM triggers t
    JOIN _stop_steps s ON s.phase = t.phase
    LEFT JOIN _stop_last l ON l.phase = t.phase
    WHERE NOT coalesce(l.last_start >= coalesce(t.ended_at, t.started_at)
                       AND l.last_start > t.started_at, FALSE)
      AND NOT (s.timed_out AND t.wait_until IS NOT NULL AND s.exit_at < t.wait_until)
)
