-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-board-matches-scoutly
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After the backfill and at the end, the board holds exactly Scoutly's HIRED
--  applications, each with its steward's name and zone as Scoutly has them: nobody missing,
--  nobody who is no longer hired, no wrong name or zone.
WITH o_b AS (
    SELECT CAST(application_id AS VARCHAR) AS application_id, CAST(steward AS VARCHAR) AS steward,
           CAST(zone AS VARCHAR) AS zone FROM cp_backfilled.output_accredited
), o_f AS (
    SELECT CAST(application_id AS VARCHAR) AS application_id, CAST(steward AS VARCHAR) AS steward,
           CAST(zone AS VARCHAR) AS zone FROM output.accredited
), diff AS (
    SELECT 'backfilled' AS checkpoint, 'missing or wrong on the board' AS problem, * FROM (SELECT * FROM key_backfilled EXCEPT SELECT * FROM o_b)
    UNION ALL
    SELECT 'backfilled', 'on the board but not so in Scoutly', * FROM (SELECT * FROM o_b EXCEPT SELECT * FROM key_backfilled)
    UNION ALL
    SELECT 'final', 'missing or wrong on the board', * FROM (SELECT * FROM key_final EXCEPT SELECT * FROM o_f)
    UNION ALL
    SELECT 'final', 'on the board but not so in Scoutly', * FROM (SELECT * FROM o_f EXCEPT SELECT * FROM key_final)
)
SELECT checkpoint, problem, application_id, steward, zone FROM diff
