-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-notes-on-every-opportunity
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: Every note of an in-scope candidate is on every opportunity of the candidate's applications
--   exactly as often as TalentForge has it (a note's text names its author, its UTC date as YYYY-MM-DD and holds
--   its body), and no opportunity carries a note that is none of its candidate's. Judged at every graded
--   checkpoint, for opportunities that exist there.
WITH o AS (
    SELECT o.cp, o.id AS opp_id, a.candidate_id
    FROM k_opp o JOIN k_app a ON a.cp = o.cp AND a.app_id = o.app_id AND a.in_scope),
want AS (
    SELECT o.cp, o.opp_id, n.author_name, n.day, n.body, n.n
    FROM o JOIN k_note n ON n.cp = o.cp AND n.candidate_id = o.candidate_id),
got AS (
    SELECT w.cp, w.opp_id, w.author_name, w.day, w.body, w.n,
           (SELECT count(*) FROM k_plnote p WHERE p.cp = w.cp AND p.opportunity_id = w.opp_id
              AND contains(p.value, w.body) AND contains(p.value, w.author_name) AND contains(p.value, w.day)) AS have
    FROM want w)
SELECT cp, opp_id, body || ' (' || author_name || ', ' || day || ')' AS note, n AS expected, have
FROM got WHERE have <> n
UNION ALL
SELECT p.cp, p.opportunity_id, 'note of none of the candidate''s notes: ' || p.value, 0, 1
FROM k_plnote p JOIN o ON o.cp = p.cp AND o.opp_id = p.opportunity_id
WHERE NOT EXISTS (SELECT 1 FROM want w WHERE w.cp = p.cp AND w.opp_id = p.opportunity_id
                  AND contains(p.value, w.body) AND contains(p.value, w.author_name) AND contains(p.value, w.day))
UNION ALL
SELECT 'final', NULL, 'no note in Pipelane', 0, 0
WHERE NOT EXISTS (SELECT 1 FROM k_plnote)
