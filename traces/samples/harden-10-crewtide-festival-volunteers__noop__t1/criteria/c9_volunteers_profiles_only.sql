-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-volunteers-profiles-only
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: During the sync runs Crewtide sends the sync the profiles of this season's
--  volunteers only (the ticket's data-protection rule): no candidate in any answer (data or
--  included) carries neither volunteer-2026 nor withdrawn-2026 at the moment it is sent -- the
--  applicants for paid jobs, and last year's crew before they sign up again, stay unread. A run
--  with no candidate list answered is a violation too.
-- Read from the answers themselves (the tags each profile carried when it was sent), so any way
-- of asking is admitted: the tag filter, reads of known volunteers by id, ...
WITH x AS (
    SELECT phase, seq, TRY_CAST(resp_body AS JSON) AS body
    FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'crewtide' AND phase IN ('scenario:run1', 'scenario:run2')
      AND status BETWEEN 200 AND 299 AND path LIKE '/v1/%'
), recs AS (
    SELECT phase, seq, unnest(CASE json_type(body, '$.data')
                                  WHEN 'ARRAY' THEN CAST(json_extract(body, '$.data') AS JSON[])
                                  WHEN 'OBJECT' THEN [json_extract(body, '$.data')]
                                  ELSE CAST([] AS JSON[]) END) AS r
    FROM x
    UNION ALL
    SELECT phase, seq, unnest(CASE json_type(body, '$.included')
                                  WHEN 'ARRAY' THEN CAST(json_extract(body, '$.included') AS JSON[])
                                  ELSE CAST([] AS JSON[]) END)
    FROM x
), profiles AS (
    SELECT phase, seq, json_extract_string(r, '$.id') AS candidate_id,
           coalesce(CAST(json_extract_string(r, '$.attributes.tags[*]') AS VARCHAR[]), CAST([] AS VARCHAR[])) AS tags
    FROM recs
    WHERE json_extract_string(r, '$.type') = 'candidates'
)
SELECT phase, candidate_id, count(*) AS answers, min(seq) AS first_seq,
       'profile of someone neither volunteer-2026 nor withdrawn-2026 sent to the sync' AS problem
FROM profiles
WHERE NOT list_has_any(tags, ['volunteer-2026', 'withdrawn-2026'])
GROUP BY phase, candidate_id
UNION ALL
SELECT r.phase, NULL, 0, NULL, 'no candidate list answered in this run'
FROM (VALUES ('scenario:run1'), ('scenario:run2')) r(phase)
WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.phase = r.phase AND json_type(x.body, '$.data') IS NOT NULL)
