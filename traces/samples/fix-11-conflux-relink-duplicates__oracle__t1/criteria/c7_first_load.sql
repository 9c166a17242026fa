-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c7-first-load
-- category: correctness
-- weight: 1
-- mandatory: false
-- description: Regression guard: after run1 (cp1) every live Quillon candidate is on the dashboard with
--   Conflux's id, names, first e-mail address, title and modified_at (the starter's first load is right).
SELECT k.remote_id,
       CASE WHEN NOT EXISTS (SELECT 1 FROM o_cand o WHERE o.cp = k.cp AND o.remote_id = k.remote_id)
            THEN 'missing from the dashboard' ELSE 'no row with the current values' END AS problem
FROM k_cand k
WHERE k.cp = 'cp1' AND NOT k.deleted
  AND NOT EXISTS (SELECT 1 FROM o_cand o
                  WHERE o.cp = k.cp AND o.remote_id = k.remote_id AND o.conflux_id = k.conflux_id
                    AND o.first_name = k.first_name AND o.last_name = k.last_name AND o.email = k.email
                    AND o.title = k.title AND o.modified_ts = k.modified_ts)
