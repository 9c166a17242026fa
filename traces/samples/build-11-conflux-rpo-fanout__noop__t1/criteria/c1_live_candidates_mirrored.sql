-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-live-candidates-mirrored
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM k_cand WHERE cp = 'final' AND client IN ('ashford', 'cobalt') AND NOT deleted
-- description: After the second run every candidate of the two clients whose link works (Ashford,
--  Cobalt) that is not deleted in their ATS is in the table once per (client, remote_id), with
--  Conflux's id, "first last", the lower-case e-mails in Conflux's order joined by ';', modified_at
--  (ISO-8601 UTC) and deleted = 0 as Conflux has them at the end: the 10 Ashford changes and the
--  new candidate, the 3 Cobalt changes included. A candidate stored twice passes when one row
--  matches (duplicates are c7's).
WITH f AS (SELECT * FROM o_cand WHERE cp = 'final'
           QUALIFY row_number() OVER (PARTITION BY client, remote_id ORDER BY deleted, conflux_id, name, emails) = 1)
SELECT k.client, k.remote_id,
       CASE WHEN f.remote_id IS NULL THEN 'missing from the table'
            WHEN f.deleted THEN 'flagged deleted'
            WHEN f.conflux_id IS DISTINCT FROM k.conflux_id THEN 'conflux_id'
            WHEN f.name IS DISTINCT FROM k.name THEN 'name'
            WHEN f.emails IS DISTINCT FROM k.emails THEN 'emails'
            ELSE 'modified_at' END AS problem,
       f.name || ' / ' || f.emails || ' / ' || coalesce(f.modified_raw, '-') AS stored,
       k.name || ' / ' || k.emails || ' / ' || CAST(k.modified_ts AS VARCHAR) AS conflux
FROM k_cand k
LEFT JOIN o_cand m ON m.cp = 'final' AND m.client = k.client AND m.remote_id = k.remote_id AND NOT m.deleted
                  AND m.conflux_id IS NOT DISTINCT FROM k.conflux_id AND m.name IS NOT DISTINCT FROM k.name
                  AND m.emails IS NOT DISTINCT FROM k.emails AND m.modified_ts = k.modified_ts
LEFT JOIN f ON f.client = k.client AND f.remote_id = k.remote_id
WHERE k.cp = 'final' AND k.client IN ('ashford', 'cobalt') AND NOT k.deleted AND m.remote_id IS NULL
