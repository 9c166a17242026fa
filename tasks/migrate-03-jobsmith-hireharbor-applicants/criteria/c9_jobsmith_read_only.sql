-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c9-jobsmith-read-only
-- category: integrity
-- weight: 1
-- mandatory: true
-- description: The migration sends Jobsmith nothing but reads (the ticket: Jobsmith is read-only).
SELECT seq, phase, method, path, status, 'a request to Jobsmith that is not a read' AS problem
FROM exchanges
WHERE vendor = 'jobsmith' AND direction = 'to_vendor' AND method NOT IN ('GET', 'HEAD', 'OPTIONS')
