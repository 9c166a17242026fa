-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-few-expired-signatures
-- category: conduct
-- weight: 1
-- mandatory: false
-- description: At most 2 `401 signature_expired` answers per run (learning StaffLine's clock up front or after
--   the first refusal both pass; a run with no successful request to StaffLine fails).
WITH runs(phase) AS (VALUES ('scenario:run1'), ('scenario:run2'), ('scenario:run3')),
x AS (
    SELECT phase, status, resp_body FROM exchanges
    WHERE direction = 'to_vendor' AND vendor = 'staffline'
)
SELECT r.phase,
       (SELECT count(*) FROM x WHERE x.phase = r.phase AND x.status = 401
                                 AND x.resp_body LIKE '%signature_expired%') AS expired_401s,
       (SELECT count(*) FROM x WHERE x.phase = r.phase AND x.status BETWEEN 200 AND 299) AS ok_answers
FROM runs r
WHERE (SELECT count(*) FROM x WHERE x.phase = r.phase AND x.status = 401 AND x.resp_body LIKE '%signature_expired%') > 2
   OR (SELECT count(*) FROM x WHERE x.phase = r.phase AND x.status BETWEEN 200 AND 299) = 0
