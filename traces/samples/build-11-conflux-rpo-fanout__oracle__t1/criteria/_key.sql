-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created before the criteria run (docs/grader.md):
--   k_client  linked account -> the client's short name in materials/accounts.yaml
--   k_cand    Conflux's candidates at cp1 and at the end, with the values the ticket asks for:
--             name "first last", e-mails lower case in Conflux's order joined by ';',
--             modified_at at the second Conflux sends, deleted = remote_was_deleted
--   o_cand    the candidates table at cp1 and at the end; deleted read as a boolean, modified_at
--             parsed when ISO-8601 with a UTC designator, e-mails without blanks; n = rows stored
--             under that (client, remote_id)
--   o_status  the account_status table at cp1 and at the end; n = rows for that client
--   k_runs    each run's process start and exit (the scheduler host's clock, as the recorder's)
CREATE OR REPLACE TEMP VIEW k_client(account_id, client) AS VALUES
    ('acct_ashford', 'ashford'), ('acct_brightwater', 'brightwater'), ('acct_cobalt', 'cobalt');

CREATE OR REPLACE TEMP VIEW k_cand AS
SELECT s.cp, a.client, s.remote_id, s.id AS conflux_id, s.first_name || ' ' || s.last_name AS name,
       coalesce(array_to_string(list_transform(CAST(s.email_addresses AS JSON[]),
                                               lambda e: lower(trim(e->>'$.value'))), ';'), '') AS emails,
       timezone('UTC', date_trunc('second', CAST(s.modified_at AS TIMESTAMP))) AS modified_ts,
       coalesce(s.remote_was_deleted, false) AS deleted
FROM (SELECT 'cp1' AS cp, * FROM cp_cp1.conflux_candidates
      UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.conflux_candidates) s
JOIN k_client a ON a.account_id = s.account_id;

CREATE OR REPLACE TEMP VIEW o_cand AS
SELECT cp, CAST(client AS VARCHAR) AS client, CAST(remote_id AS VARCHAR) AS remote_id,
       CAST(conflux_id AS VARCHAR) AS conflux_id, CAST(name AS VARCHAR) AS name,
       replace(coalesce(CAST(emails AS VARCHAR), ''), ' ', '') AS emails,
       CASE WHEN regexp_matches(CAST(modified_at AS VARCHAR), '(Z|[+-]00:?00)$')
            THEN TRY_CAST(CAST(modified_at AS VARCHAR) AS TIMESTAMPTZ) END AS modified_ts,
       coalesce(TRY_CAST(CAST(deleted AS VARCHAR) AS BOOLEAN), false) AS deleted,
       CAST(modified_at AS VARCHAR) AS modified_raw,
       count(*) OVER (PARTITION BY cp, CAST(client AS VARCHAR), CAST(remote_id AS VARCHAR)) AS n
FROM (SELECT 'cp1' AS cp, client, remote_id, conflux_id, name, emails, modified_at, deleted FROM cp_cp1.output_candidates
      UNION ALL SELECT 'final', client, remote_id, conflux_id, name, emails, modified_at, deleted FROM output.candidates);

CREATE OR REPLACE TEMP VIEW o_status AS
SELECT cp, CAST(client AS VARCHAR) AS client, lower(trim(CAST(status AS VARCHAR))) AS status,
       CASE WHEN regexp_matches(CAST(last_success_at AS VARCHAR), '(Z|[+-]\d\d:?\d\d)$')
            THEN TRY_CAST(CAST(last_success_at AS VARCHAR) AS TIMESTAMPTZ) END AS success_ts,
       nullif(trim(CAST(last_success_at AS VARCHAR)), '') AS success_raw,
       count(*) OVER (PARTITION BY cp, CAST(client AS VARCHAR)) AS n
FROM (SELECT 'cp1' AS cp, client, status, last_success_at FROM cp_cp1.output_account_status
      UNION ALL SELECT 'final', client, status, last_success_at FROM output.account_status);

CREATE OR REPLACE TEMP VIEW k_runs AS
SELECT name AS step, min("at") FILTER (WHERE state = 'start') AS t0, max("at") FILTER (WHERE state = 'exit') AS t1
FROM events WHERE type = 'process' AND name IN ('run1', 'run2')
GROUP BY name;
