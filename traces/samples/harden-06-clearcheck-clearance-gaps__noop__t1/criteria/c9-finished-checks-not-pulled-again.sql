-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-finished-checks-not-pulled-again
-- category: conduct
-- weight: 3
-- mandatory: true
-- description: The second sweep (an ordinary hourly sweep, the gate already filled by the first)
--  does not pull again the checks ClearCheck had finished before the day began (the ticket's
--  rule 7: ClearCheck bills every check its API returns, a finished check never changes): at
--  most 10 distinct checks complete or cancelled at the scenario's start appear in its answers
--  (lists and single reads). Walking the whole account (162 checks, 120 of them finished
--  long ago) every hour fails; any overlap up to weeks, or re-reading the open checks, passes.
--  A second sweep that got no check answer fails too.
WITH answers AS (
    SELECT seq, path, resp_body FROM exchanges
    WHERE phase = 'scenario:run2' AND vendor = 'clearcheck' AND direction = 'to_vendor' AND method = 'GET'
      AND status BETWEEN 200 AND 299 AND regexp_matches(path, '^/v1/checks(/[^/]+)?$')
), items AS (
    SELECT json_extract_string(t.d, '$.id') AS check_id
    FROM answers, unnest(CAST(json_extract(answers.resp_body, '$.data[*]') AS JSON[])) AS t(d)
    WHERE answers.path = '/v1/checks'
    UNION ALL
    SELECT json_extract_string(resp_body, '$.id') FROM answers WHERE path <> '/v1/checks'
), finished AS (
    SELECT id FROM cp_initial.clearcheck_checks WHERE status IN ('complete', 'cancelled')
)
SELECT 'pulled again checks finished before the day began' AS problem, count(DISTINCT check_id) AS checks
FROM items WHERE check_id IN (SELECT id FROM finished)
HAVING count(DISTINCT check_id) > 10
UNION ALL
SELECT 'the second sweep got no check answer from ClearCheck', 0
WHERE NOT EXISTS (SELECT 1 FROM answers)
