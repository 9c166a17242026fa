-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-account-status
-- category: correctness
-- weight: 2
-- mandatory: true
-- description: account_status holds one row per client of accounts.yaml after each run: after the
--  first run all three are ok, last loaded during that run; after the second Ashford and Cobalt are
--  ok, last loaded during the second run, and Brightwater (its link revoked) is failing with the
--  last success of the first run. last_success_at is ISO-8601 with a UTC designator, judged on the
--  host clock within the run's process start and exit (2 s of slack either side).
WITH want(cp, client, status, run) AS (VALUES
        ('cp1', 'ashford', 'ok', 'run1'), ('cp1', 'brightwater', 'ok', 'run1'), ('cp1', 'cobalt', 'ok', 'run1'),
        ('final', 'ashford', 'ok', 'run2'), ('final', 'brightwater', 'failing', 'run1'),
        ('final', 'cobalt', 'ok', 'run2'))
SELECT w.cp, w.client,
       CASE WHEN o.client IS NULL THEN 'no row'
            WHEN o.n > 1 THEN 'more than one row'
            WHEN o.status IS DISTINCT FROM w.status THEN 'status should be ' || w.status
            ELSE 'last_success_at should fall within ' || w.run END AS problem,
       o.status, o.success_raw
FROM want w
JOIN k_runs r ON r.step = w.run
LEFT JOIN o_status o ON o.cp = w.cp AND o.client = w.client
WHERE o.client IS NULL OR o.n > 1 OR o.status IS DISTINCT FROM w.status
   OR NOT coalesce(o.success_ts BETWEEN CAST(r.t0 AS TIMESTAMPTZ) - INTERVAL 2 SECOND
                                    AND CAST(r.t1 AS TIMESTAMPTZ) + INTERVAL 2 SECOND, false)
UNION ALL
SELECT o.cp, o.client, 'not a client of accounts.yaml', o.status, o.success_raw
FROM o_status o WHERE o.client NOT IN (SELECT client FROM k_client)
