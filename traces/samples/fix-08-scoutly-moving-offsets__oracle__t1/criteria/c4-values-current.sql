-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c4-values-current
-- category: correctness
-- weight: 4
-- mandatory: true
-- description: After the snapshot every row holds the candidate's values as Scoutly has them at the end
--   of the run: external_id, first_name, last_name, email, phone, city and updated_on (the instant Scoutly
--   sends, at its millisecond resolution; any ISO-8601 spelling of it). Candidates edited while the walk
--   ran are the ones that go stale. An empty snapshot fails. Binary, like c1.
WITH judged AS (
    SELECT o.*, s.updated_at AS s_updated_at, concat_ws(', ',
         CASE WHEN CAST(o.external_id AS VARCHAR) IS DISTINCT FROM s.external_id THEN 'external_id' END,
         CASE WHEN CAST(o.first_name AS VARCHAR) IS DISTINCT FROM s.first_name THEN 'first_name' END,
         CASE WHEN CAST(o.last_name AS VARCHAR) IS DISTINCT FROM s.last_name THEN 'last_name' END,
         CASE WHEN CAST(o.email AS VARCHAR) IS DISTINCT FROM s.email THEN 'email' END,
         CASE WHEN CAST(o.phone AS VARCHAR) IS DISTINCT FROM s.phone THEN 'phone' END,
         CASE WHEN CAST(o.city AS VARCHAR) IS DISTINCT FROM s.city THEN 'city' END,
         CASE WHEN TRY_CAST(CAST(o.updated_on AS VARCHAR) AS TIMESTAMPTZ)
                   IS DISTINCT FROM CAST(date_trunc('millisecond', CAST(s.updated_at AS TIMESTAMP)) AS TIMESTAMPTZ)
              THEN 'updated_on' END) AS stale_columns
    FROM output.candidates o JOIN state.scoutly_candidates s ON s.id = CAST(o.id AS VARCHAR)
)
SELECT CAST(id AS VARCHAR) AS candidate_id, stale_columns, CAST(updated_on AS VARCHAR) AS snapshot_updated_on,
       s_updated_at AS scoutly_updated_at
FROM judged WHERE stale_columns <> ''
UNION ALL
SELECT NULL, 'the snapshot has no candidates', NULL, NULL WHERE (SELECT count(*) FROM output.candidates) = 0
