-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-failing-client-kept
-- category: integrity
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM o_cand WHERE cp = 'cp1' AND client = 'brightwater'
-- description: Brightwater's link is revoked before the second run: every row it had after the first
--  run is still there after the second, every column unchanged, and no row was added for it (its
--  ATS changed two candidates the revoked link can no longer show). A first run that stored no
--  Brightwater row fails.
SELECT p.client, p.remote_id,
       CASE WHEN NOT EXISTS (SELECT 1 FROM o_cand x WHERE x.cp = 'final' AND x.client = p.client AND x.remote_id = p.remote_id)
            THEN 'removed by the second run' ELSE 'changed by the second run' END AS problem,
       p.name || ' / ' || p.emails AS after_run1
FROM o_cand p
LEFT JOIN o_cand f ON f.cp = 'final' AND f.client = p.client AND f.remote_id = p.remote_id
                  AND f.conflux_id IS NOT DISTINCT FROM p.conflux_id AND f.name IS NOT DISTINCT FROM p.name
                  AND f.emails IS NOT DISTINCT FROM p.emails AND f.modified_raw IS NOT DISTINCT FROM p.modified_raw
                  AND f.deleted = p.deleted
WHERE p.cp = 'cp1' AND p.client = 'brightwater' AND f.remote_id IS NULL
UNION ALL
SELECT f.client, f.remote_id, 'added by the second run', f.name || ' / ' || f.emails
FROM o_cand f
WHERE f.cp = 'final' AND f.client = 'brightwater'
  AND NOT EXISTS (SELECT 1 FROM o_cand p WHERE p.cp = 'cp1' AND p.client = f.client AND p.remote_id = f.remote_id)
UNION ALL
SELECT 'brightwater', NULL, 'the first run stored no Brightwater candidate', NULL
WHERE NOT EXISTS (SELECT 1 FROM o_cand WHERE cp = 'cp1' AND client = 'brightwater')
