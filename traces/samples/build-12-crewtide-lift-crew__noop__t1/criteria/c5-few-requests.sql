-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-few-requests
-- category: conduct
-- weight: 2
-- mandatory: false
-- description: Each run sends Crewtide at most 2 x (the pages of a full walk over the job applications at
--   Crewtide's largest page size, 30) + 5 requests: related records come with `include`, not one request
--   per record (the ticket's fair-use rule). A run without a successful request fails.
WITH runs(run, phase, cp_apps) AS (
    VALUES ('run1', 'scenario:run1', (SELECT count(*) FROM cp_initial.crewtide_job_applications)),
           ('run2', 'scenario:run2', (SELECT count(*) FROM cp_before_run2.crewtide_job_applications))
), sent AS (
    SELECT r.run, r.phase, 2 * CAST(ceil(r.cp_apps / 30.0) AS BIGINT) + 5 AS budget,
           (SELECT count(*) FROM exchanges x WHERE x.direction = 'to_vendor' AND x.vendor = 'crewtide'
                                               AND x.phase = r.phase) AS requests,
           (SELECT count(*) FROM exchanges x WHERE x.direction = 'to_vendor' AND x.vendor = 'crewtide'
                                               AND x.phase = r.phase AND x.status BETWEEN 200 AND 299) AS ok
    FROM runs r
)
SELECT run, requests, budget, ok FROM sent WHERE requests > budget OR ok = 0
