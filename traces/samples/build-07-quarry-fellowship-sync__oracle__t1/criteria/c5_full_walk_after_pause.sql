-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-full-walk-after-pause
-- category: resilience
-- weight: 2
-- description: The run after the eight-day pause (run3), when no sync token of the second run is valid
--  any more, walks candidate.list and application.list completely without a syncToken: from a
--  first page without token or cursor, following nextCursor, to a successful page with
--  moreDataAvailable false. Trying the old token first (and getting sync_token_expired) or going
--  straight to the full walk both pass; a run that stopped at the expired token, or walked only
--  part of a list, fails. A run3 without list calls fails too.
WITH RECURSIVE calls AS (
    SELECT seq, path, TRY_CAST(req_body AS JSON) AS rq, TRY_CAST(resp_body AS JSON) AS rs
    FROM exchanges
    WHERE phase = 'scenario:run3' AND direction = 'to_vendor' AND vendor = 'quarry' AND status = 200
      AND path IN ('/candidate.list', '/application.list')
), pages AS (
    SELECT seq, path, rq->>'$.cursor' AS cursor, rs->>'$.nextCursor' AS next_cursor,
           (rq->'$.syncToken') IS NOT NULL AS with_token,
           (rq->'$.candidateId') IS NOT NULL OR (rq->'$.jobId') IS NOT NULL OR (rq->'$.status') IS NOT NULL AS filtered,
           coalesce(CAST(rs->'$.success' AS BOOLEAN), false) AS ok,
           coalesce(CAST(rs->'$.moreDataAvailable' AS BOOLEAN), false) AS more
    FROM calls
), walk(path, seq, next_cursor, more) AS (
    SELECT path, seq, next_cursor, more FROM pages
    WHERE ok AND cursor IS NULL AND NOT with_token AND NOT filtered
    UNION
    SELECT p.path, p.seq, p.next_cursor, p.more
    FROM walk w JOIN pages p ON p.path = w.path AND p.cursor = w.next_cursor AND p.seq > w.seq AND p.ok
    WHERE w.more
), complete AS (
    SELECT DISTINCT path FROM walk WHERE NOT more
)
SELECT l.path, 'no complete walk without a syncToken in run3' AS problem
FROM (VALUES ('/candidate.list'), ('/application.list')) l(path)
WHERE l.path NOT IN (SELECT path FROM complete)
