-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-existing-never-lost
-- category: resilience
-- weight: 4
-- mandatory: false
-- description: Nobody Conflux holds (live or deleted in Greenhouse) is reported not_found: a
--  failure of Conflux (a 500, a throttle, a block) or a lookup that leaves deleted records out is
--  no evidence that a person never existed (the ticket: "not_found" is a finding compliance acts
--  on). Guarded: an empty or missing report fails.
SELECT k.line, k.remote_id, k.status AS want_status, o.status AS got_status
FROM k_audit k JOIN o_ver o ON o.remote_id = k.remote_id
WHERE k.status IN ('found', 'deleted') AND o.status = 'not_found'
UNION ALL
SELECT NULL, NULL, NULL, 'the report is empty or missing'
WHERE (SELECT count(*) FROM o_ver) = 0
