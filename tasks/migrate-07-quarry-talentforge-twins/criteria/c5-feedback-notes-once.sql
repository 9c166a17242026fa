-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-feedback-notes-once
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: Every feedback on a moved application is exactly one note on the person's
--  candidate: a note whose body holds the author, the rating as n/4 and the text word for word
--  (as many such notes as the person has such feedback).
SELECT k.gid, g.tf_id, k.author, k.rating, k.text, k.n AS want,
       (SELECT count(*) FROM state.talentforge_candidate_notes n
         WHERE n.candidate_id = g.tf_id AND contains(n.body, k.text) AND contains(n.body, k.author)
           AND contains(n.body, CAST(k.rating AS VARCHAR) || '/4')) AS found
FROM ak_feedback k JOIN ak_group g USING (gid)
WHERE k.n <> (SELECT count(*) FROM state.talentforge_candidate_notes n
              WHERE n.candidate_id = g.tf_id AND contains(n.body, k.text) AND contains(n.body, k.author)
                AND contains(n.body, CAST(k.rating AS VARCHAR) || '/4'))
