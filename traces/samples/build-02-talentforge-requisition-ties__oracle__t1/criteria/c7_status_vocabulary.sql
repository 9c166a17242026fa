-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-status-vocabulary
-- category: correctness
-- weight: 2
-- description: Requisition statuses in the store use the planning vocabulary (open, on_hold, filled,
--  cancelled) and equal the mapped TalentForge status at the end (OPEN, PAUSED, FILLED, CLOSED);
--  an empty store fails.
SELECT CAST(o.tf_id AS VARCHAR) AS tf_id, CAST(o.status AS VARCHAR) AS store_status, s.status AS tf_status,
       CASE WHEN CAST(o.status AS VARCHAR) NOT IN ('open', 'on_hold', 'filled', 'cancelled') OR o.status IS NULL
            THEN 'outside the vocabulary' ELSE 'not the mapped TalentForge status' END AS problem
FROM output.requisitions o
JOIN state.talentforge_requisitions s ON s.id = CAST(o.tf_id AS VARCHAR)
WHERE CAST(o.status AS VARCHAR) IS DISTINCT FROM
      CASE s.status WHEN 'OPEN' THEN 'open' WHEN 'PAUSED' THEN 'on_hold'
                    WHEN 'FILLED' THEN 'filled' WHEN 'CLOSED' THEN 'cancelled' END
UNION ALL
SELECT NULL, NULL, NULL, 'the requisitions table is empty or missing'
WHERE (SELECT count(*) FROM output.requisitions) = 0
