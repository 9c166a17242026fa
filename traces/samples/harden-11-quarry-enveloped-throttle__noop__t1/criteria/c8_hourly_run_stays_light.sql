-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-hourly-run-stays-light
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: Run 2 (an ordinary hourly run, one hour of recruiting after run 1) asks Quarry for what
--  changed instead of reading the account's interviews again (the ticket's rule 3): it asks for the
--  interviews of at most 10 applications that nobody touched between the runs (not Archived at run 1
--  or run 2, the application and all its interviews unchanged), and it never walks the interview
--  list without its sync token (a first page of more than 10 records without syncToken or cursor).
--  Re-reading every application's interviews, or every interview, each hour fails. (The Archived
--  applications' interviews, which Quarry's sync leaves out, may be asked for every run.) A run 2
--  that asked for no interview fails too. Judged on what run 2 asked for, so a throttled answer
--  changes nothing.
WITH calls AS (
    SELECT *, TRY_CAST(json_extract_string(req_body, '$.limit') AS INTEGER) AS lim
    FROM q_calls WHERE phase = 'scenario:run2' AND path = '/interviewSchedule.list'
), archived AS (
    SELECT id FROM cp_cp1.quarry_applications WHERE status = 'Archived'
    UNION SELECT id FROM cp_cp2.quarry_applications WHERE status = 'Archived'
), touched AS (
    SELECT a.id FROM cp_cp1.quarry_applications a LEFT JOIN cp_cp2.quarry_applications b USING (id)
    WHERE b.id IS NULL OR a.updated_at IS DISTINCT FROM b.updated_at
    UNION
    SELECT coalesce(a.application_id, b.application_id)
    FROM cp_cp1.quarry_interview_schedules a FULL JOIN cp_cp2.quarry_interview_schedules b USING (id)
    WHERE a.id IS NULL OR b.id IS NULL OR a.updated_at IS DISTINCT FROM b.updated_at
), untouched AS (
    SELECT id FROM cp_cp1.quarry_applications
    WHERE id NOT IN (SELECT id FROM archived) AND id NOT IN (SELECT id FROM touched)
)
SELECT 'scenario:run2' AS phase, count(DISTINCT application_id) AS untouched_applications_read,
       'read the interviews of untouched applications again' AS problem
FROM calls WHERE application_id IN (SELECT id FROM untouched)
HAVING count(DISTINCT application_id) > 10
UNION ALL
SELECT 'scenario:run2', count(*), 'walked the interview list without its sync token'
FROM calls WHERE application_id IS NULL AND sync_token IS NULL AND cursor IS NULL AND coalesce(lim, 100) > 10
HAVING count(*) > 0
UNION ALL
SELECT 'scenario:run2', 0, 'run 2 asked for no interview'
WHERE NOT EXISTS (SELECT 1 FROM calls)
