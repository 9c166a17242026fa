-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-one-candidate-per-person
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After the weekend (final) every Scoutly candidate is exactly one Quarry
--   candidate (by e-mail) with the name "first last" and the phone Scoutly has, and Quarry
--   holds no candidate for an e-mail Scoutly does not have.
WITH n AS (SELECT email, count(*) AS n FROM q_cands GROUP BY email)
SELECT k.scoutly_id, k.email, coalesce(n.n, 0) AS quarry_candidates, 'not exactly one Quarry candidate' AS problem
FROM k_cands k LEFT JOIN n ON n.email = k.email
WHERE coalesce(n.n, 0) <> 1
UNION ALL
SELECT k.scoutly_id, k.email, 1, 'name or phone differs from Scoutly (' || q.name || ' / ' || coalesce(q.phone, '-') || ')'
FROM k_cands k JOIN q_cands q ON q.email = k.email
WHERE q.name IS DISTINCT FROM k.name OR q.phone IS DISTINCT FROM k.phone
UNION ALL
SELECT q.id, q.email, NULL, 'a Quarry candidate for no Scoutly candidate'
FROM q_cands q WHERE q.email IS NULL OR q.email NOT IN (SELECT email FROM k_cands)
