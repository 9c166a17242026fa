-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-current-after-changes
-- category: correctness
-- weight: 5
-- mandatory: true
-- description: After run2 (cp2, the night after the re-link, 12 edits and 5 removals) and after run3
--   (final, 3 edits and a new candidate), every live Quillon candidate in Conflux is on the dashboard
--   with Conflux's current id, first and last name, first e-mail address, title and modified_at (at the
--   second). A candidate passes when one of its rows matches (duplicates are c1's). Binary: the first
--   load is c7's. A record left from before the March re-link (remote-deleted, next to the person's
--   live one) is no candidate of its own; the person's live record is graded.
SELECT k.cp, k.remote_id,
       CASE WHEN NOT EXISTS (SELECT 1 FROM o_cand o WHERE o.cp = k.cp AND o.remote_id = k.remote_id)
            THEN 'missing from the dashboard' ELSE 'no row with the current values' END AS problem,
       k.conflux_id, k.first_name, k.last_name, k.email, k.title, k.modified_ts
FROM k_cand k
WHERE k.cp IN ('cp2', 'final') AND NOT k.deleted
  AND NOT EXISTS (SELECT 1 FROM o_cand o
                  WHERE o.cp = k.cp AND o.remote_id = k.remote_id AND o.conflux_id = k.conflux_id
                    AND o.first_name = k.first_name AND o.last_name = k.last_name AND o.email = k.email
                    AND o.title = k.title AND o.modified_ts = k.modified_ts)
