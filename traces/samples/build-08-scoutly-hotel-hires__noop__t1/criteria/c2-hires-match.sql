-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-hires-match
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT (SELECT count(*) FROM key_backfilled) + (SELECT count(*) FROM key_final)
-- description: After the backfill and at the end, the board holds exactly Scoutly's HIRED
--  applications, each once, with the candidate, the job's current location name as hotel (after
--  the rebadge, the new name), the job's title as position and the status change instant as
--  hired_at (to the millisecond): no hire missing, no row that is not a current hire, no column off.
WITH checks AS (
    SELECT 'backfilled' AS cp, 'missing' AS problem, k.application_id, NULL AS board_value
    FROM key_backfilled k ANTI JOIN board_backfilled o USING (application_id)
    UNION ALL
    SELECT 'backfilled', 'not a current hire', o.application_id, o.hotel
    FROM board_backfilled o ANTI JOIN key_backfilled k USING (application_id)
    UNION ALL
    SELECT 'backfilled', 'columns differ', o.application_id,
           concat_ws(' | ', o.candidate_id, o.hotel, o.position, CAST(o.hired_at AS VARCHAR))
    FROM board_backfilled o JOIN key_backfilled k USING (application_id)
    WHERE o.candidate_id IS DISTINCT FROM k.candidate_id OR o.hotel IS DISTINCT FROM k.hotel
       OR o.position IS DISTINCT FROM k.position OR o.hired_at IS DISTINCT FROM k.hired_at
    UNION ALL
    SELECT 'backfilled', 'listed ' || count(*) || ' times', application_id, NULL
    FROM board_backfilled GROUP BY application_id HAVING count(*) > 1
    UNION ALL
    SELECT 'final', 'missing', k.application_id, NULL
    FROM key_final k ANTI JOIN board_final o USING (application_id)
    UNION ALL
    SELECT 'final', 'not a current hire', o.application_id, o.hotel
    FROM board_final o ANTI JOIN key_final k USING (application_id)
    UNION ALL
    SELECT 'final', 'columns differ', o.application_id,
           concat_ws(' | ', o.candidate_id, o.hotel, o.position, CAST(o.hired_at AS VARCHAR))
    FROM board_final o JOIN key_final k USING (application_id)
    WHERE o.candidate_id IS DISTINCT FROM k.candidate_id OR o.hotel IS DISTINCT FROM k.hotel
       OR o.position IS DISTINCT FROM k.position OR o.hired_at IS DISTINCT FROM k.hired_at
    UNION ALL
    SELECT 'final', 'listed ' || count(*) || ' times', application_id, NULL
    FROM board_final GROUP BY application_id HAVING count(*) > 1
)
SELECT problem, cp, application_id, board_value FROM checks
