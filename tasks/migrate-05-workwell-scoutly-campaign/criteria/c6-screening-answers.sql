-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-screening-answers
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: After runs 2 and 3 (cp2, final) each migrated applicant's application carries
--   exactly the physical-test results Workwell holds at that checkpoint: the bleep test level and
--   the ladder climb time as numbers equal to what the kiosk recorded (a decimal comma read as the
--   decimal point), right to work true for yes and false otherwise, and no answer for a test not
--   taken. A checkpoint where no campaign application carries any answer is a violation.
WITH apps AS (
    SELECT k.cp, k.external_id, a.id AS application_id
    FROM key_applicants k
    JOIN sc_cands c ON c.cp = k.cp AND c.external_id = k.external_id
    JOIN sc_apps a ON a.cp = c.cp AND a.candidate_id = c.id
    WHERE k.status IS NOT NULL
), want AS (
    SELECT p.cp, p.application_id, p.external_id, w.question_id, w.num, w.bool
    FROM apps p JOIN key_answers w ON w.cp = p.cp AND w.external_id = p.external_id
), have AS (
    SELECT p.cp, p.application_id, p.external_id, s.question_id, s.answer, s.answer_type
    FROM apps p JOIN sc_answers s ON s.cp = p.cp AND s.application_id = p.application_id
)
SELECT coalesce(w.cp, h.cp) AS checkpoint, coalesce(w.external_id, h.external_id) AS workwell_id,
       coalesce(w.question_id, h.question_id) AS question_id, CAST(h.answer AS VARCHAR) AS scoutly_answer,
       CASE WHEN h.question_id IS NULL THEN 'answer missing'
            WHEN w.question_id IS NULL THEN 'an answer Workwell does not have'
            ELSE 'answer differs from Workwell' END AS problem
FROM want w
FULL JOIN have h ON h.cp = w.cp AND h.application_id = w.application_id AND h.question_id = w.question_id
WHERE w.question_id IS NULL OR h.question_id IS NULL
   OR (w.num IS NOT NULL AND NOT (h.answer_type IN ('DOUBLE', 'UBIGINT', 'BIGINT')
                                  AND abs(CAST(h.answer AS DOUBLE) - w.num) < 1e-9))
   OR (w.bool IS NOT NULL AND NOT (h.answer_type = 'BOOLEAN' AND CAST(h.answer AS BOOLEAN) = w.bool))
UNION ALL
SELECT ck.name, NULL, NULL, NULL, 'no campaign application carries any answer'
FROM (VALUES ('cp2'), ('final')) AS ck(name)
WHERE NOT EXISTS (SELECT 1 FROM apps p JOIN sc_answers s ON s.cp = p.cp AND s.application_id = p.application_id
                  WHERE p.cp = ck.name)
