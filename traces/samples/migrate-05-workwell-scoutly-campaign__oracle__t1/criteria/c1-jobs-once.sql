-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-jobs-once
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After runs 2 and 3 (cp2, final) every Workwell job of the campaign is exactly one
--   Scoutly job with refNumber = its shortcode, the same title and the ticket's three screening
--   questions (ids and types; the pilot's job had none).
WITH q AS (
    SELECT j.cp, j.id, x.id AS qid, x.type AS qtype
    FROM sc_jobs j, unnest(json_transform(j.screening_questions, '[{"id": "VARCHAR", "type": "VARCHAR"}]')) AS t(x)
), questions_ok AS (
    SELECT j.cp, j.id,
           count(q.qid) = 3
           AND count(*) FILTER (WHERE (q.qid, q.qtype) IN (('bleep_test_level', 'NUMBER'), ('ladder_climb_s', 'NUMBER'),
                                                         ('right_to_work', 'BOOLEAN'))) = 3 AS ok
    FROM sc_jobs j LEFT JOIN q ON q.cp = j.cp AND q.id = j.id
    GROUP BY j.cp, j.id
)
SELECT w.cp AS checkpoint, w.shortcode, count(s.id) AS scoutly_jobs,
       CASE WHEN count(s.id) = 0 THEN 'no Scoutly job'
            WHEN count(s.id) > 1 THEN 'more than one Scoutly job'
            WHEN bool_or(s.title IS DISTINCT FROM w.title) THEN 'title differs from Workwell'
            ELSE 'screening questions are not the three of the ticket' END AS problem
FROM ww_jobs w
LEFT JOIN sc_jobs s ON s.cp = w.cp AND s.ref_number = w.shortcode
LEFT JOIN questions_ok qo ON qo.cp = s.cp AND qo.id = s.id
GROUP BY w.cp, w.shortcode
HAVING count(s.id) <> 1 OR bool_or(s.title IS DISTINCT FROM w.title) OR NOT bool_and(coalesce(qo.ok, false))
