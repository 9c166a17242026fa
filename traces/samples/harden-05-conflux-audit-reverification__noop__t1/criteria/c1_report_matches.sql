-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-report-matches
-- category: correctness
-- weight: 6
-- mandatory: true
-- description: The report has exactly one row per person of the audit list (by Greenhouse id), and
--  each row carries what Conflux holds for the person at the end of the run (their live record by
--  Greenhouse id when Conflux has one, also when the listed id names a remote-deleted record left
--  from before the re-link; _key.sql): status found / deleted / not_found,
--  Conflux's current id (the listed one when not found), the name and the last modification
--  (to the second, any ISO-8601 zone spelling); not_found rows have an empty name and date. A row for
--  a Greenhouse id that is not on the list is a violation; an empty or missing report fails.
SELECT k.line, k.remote_id, k.status AS want_status, o.status AS got_status,
       k.conflux_id AS want_id, o.conflux_id AS got_id,
       CASE WHEN o.remote_id IS NULL THEN 'missing from the report'
            WHEN o.n > 1 THEN 'reported more than once'
            WHEN o.status IS DISTINCT FROM k.status THEN 'wrong status'
            WHEN o.conflux_id IS DISTINCT FROM k.conflux_id THEN 'wrong conflux_id'
            WHEN o.name IS DISTINCT FROM k.name THEN 'wrong name'
            ELSE 'wrong last_modified' END AS problem
FROM k_audit k LEFT JOIN o_ver o ON o.remote_id = k.remote_id
WHERE o.remote_id IS NULL OR o.n > 1
   OR o.status IS DISTINCT FROM k.status OR o.conflux_id IS DISTINCT FROM k.conflux_id
   OR o.name IS DISTINCT FROM k.name
   OR (k.status = 'not_found' AND o.last_modified_raw IS NOT NULL)
   OR (k.status <> 'not_found' AND o.modified_ts IS DISTINCT FROM k.modified_ts)
UNION ALL
SELECT NULL, o.remote_id, NULL, o.status, NULL, o.conflux_id, 'not on the audit list'
FROM o_ver o WHERE o.remote_id NOT IN (SELECT remote_id FROM k_audit)
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, NULL, 'the report is empty or missing'
WHERE (SELECT count(*) FROM o_ver) = 0
