-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created before the criteria run (docs/grader.md):
--   k_cand  Quillon's candidates in Conflux at cp1, cp2 and the end, with the dashboard's values:
--           e-mail = the first address Conflux lists ('' when none), title '' when none,
--           modified_at at the second Conflux sends it; deleted = remote_was_deleted
--   o_cand  the dashboard file at cp1, cp2 and the end, every column as text ('' for empty),
--           modified_at parsed as an instant (NULL when it is not a date-time);
--           n = rows carrying that remote_id at that checkpoint
--   o_size  rows of the dashboard file per checkpoint (0 when the file is missing or empty)
CREATE OR REPLACE TEMP VIEW k_cand AS
SELECT s.cp, CAST(s.remote_id AS VARCHAR) AS remote_id, s.id AS conflux_id,
       coalesce(s.first_name, '') AS first_name, coalesce(s.last_name, '') AS last_name,
       coalesce(CAST(s.email_addresses AS JSON[])[1] ->> '$.value', '') AS email,
       coalesce(s.title, '') AS title,
       date_trunc('second', CAST(s.modified_at AS TIMESTAMP)) AS modified_ts,
       coalesce(s.remote_was_deleted, false) AS deleted
FROM (SELECT 'cp1' AS cp, * FROM cp_cp1.conflux_candidates
      UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.conflux_candidates
      UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.conflux_candidates) s
WHERE s.account_id = 'acct_quillon';

CREATE OR REPLACE TEMP VIEW o_cand AS
SELECT cp, remote_id, conflux_id, first_name, last_name, email, title, modified_raw,
       date_trunc('second', timezone('UTC', TRY_CAST(modified_raw AS TIMESTAMPTZ))) AS modified_ts,
       count(*) OVER (PARTITION BY cp, remote_id) AS n
FROM (
    SELECT cp, trim(coalesce(CAST(remote_id AS VARCHAR), '')) AS remote_id,
           coalesce(CAST(conflux_id AS VARCHAR), '') AS conflux_id,
           coalesce(CAST(first_name AS VARCHAR), '') AS first_name, coalesce(CAST(last_name AS VARCHAR), '') AS last_name,
           coalesce(CAST(email AS VARCHAR), '') AS email, coalesce(CAST(title AS VARCHAR), '') AS title,
           nullif(trim(CAST(modified_at AS VARCHAR)), '') AS modified_raw
    FROM (SELECT 'cp1' AS cp, CAST(remote_id AS VARCHAR) AS remote_id, CAST(conflux_id AS VARCHAR) AS conflux_id,
                 CAST(first_name AS VARCHAR) AS first_name, CAST(last_name AS VARCHAR) AS last_name,
                 CAST(email AS VARCHAR) AS email, CAST(title AS VARCHAR) AS title, CAST(modified_at AS VARCHAR) AS modified_at
          FROM cp_cp1.output_candidates
          UNION ALL SELECT 'cp2', CAST(remote_id AS VARCHAR), CAST(conflux_id AS VARCHAR), CAST(first_name AS VARCHAR),
                           CAST(last_name AS VARCHAR), CAST(email AS VARCHAR), CAST(title AS VARCHAR),
                           CAST(modified_at AS VARCHAR) FROM cp_cp2.output_candidates
          UNION ALL SELECT 'final', CAST(remote_id AS VARCHAR), CAST(conflux_id AS VARCHAR), CAST(first_name AS VARCHAR),
                           CAST(last_name AS VARCHAR), CAST(email AS VARCHAR), CAST(title AS VARCHAR),
                           CAST(modified_at AS VARCHAR) FROM output.candidates));

CREATE OR REPLACE TEMP VIEW o_size AS
SELECT cp, (SELECT count(*) FROM o_cand o WHERE o.cp = c.cp) AS n
FROM (VALUES ('cp1'), ('cp2'), ('final')) c(cp);
