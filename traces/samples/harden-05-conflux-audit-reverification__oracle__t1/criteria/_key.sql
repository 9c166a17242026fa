-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created before the criteria run (docs/grader.md):
--   k_audit  the answer key: one row per line of the audit list (materials/audit.csv as the run
--            handed it out: vendors.conflux.seed.greyhollow_audit of the run's seed),
--            the ticket's rule applied to Greyhollow's candidates in Conflux at the end of the run
--            (nothing changes them during the scenario). The person is the listed Greenhouse id
--            (the ticket: the report describes the person as Greenhouse has them today): a live
--            record with that remote_id when Conflux holds one (so a record left from before the
--            re-link under the listed id, remote-deleted next to the live one, does not decide),
--            else the record with the listed Conflux id, else a deleted one with that remote_id
--            (the latest); status found / deleted (remote_was_deleted) / not_found; conflux_id =
--            that record's id (the listed one when not found); name = first and last name joined
--            by a space; modified_ts = modified_at at the second.
--   o_ver    the report, every column as text (trimmed, '' for empty), last_modified parsed as an
--            instant with its zone (a value without a zone is read as UTC; NULL when it is not a
--            date-time); n = report rows carrying that remote_id.
CREATE OR REPLACE TEMP VIEW k_list AS
    -- the audit list as the run handed it out (its `materials` event: in a variant the list the
    -- variant's dataset makes, docs/variants.md "Materials a dataset generates")
    WITH handed AS (
        SELECT unnest(CAST(data -> '$.rows' AS JSON[])) AS r,
               generate_subscripts(CAST(data -> '$.rows' AS JSON[]), 1) AS line
        FROM events WHERE type = 'materials' AND data ->> '$.file' = 'audit.csv')
    SELECT line, r ->> 'conflux_id' AS listed_id, r ->> 'remote_id' AS remote_id FROM handed;

CREATE OR REPLACE TEMP VIEW k_audit AS
WITH c AS (
    SELECT id, CAST(remote_id AS VARCHAR) AS remote_id, coalesce(remote_was_deleted, false) AS deleted,
           concat_ws(' ', nullif(first_name, ''), nullif(last_name, '')) AS name,
           date_trunc('second', CAST(modified_at AS TIMESTAMP)) AS modified_ts
    FROM state.conflux_candidates WHERE account_id = 'acct_greyhollow'
), by_remote AS (
    SELECT * FROM c QUALIFY row_number() OVER (PARTITION BY remote_id ORDER BY deleted, modified_ts DESC, id) = 1
), j AS (
    SELECT l.line, l.listed_id, l.remote_id,
           cr.id IS NOT NULL AND (NOT cr.deleted OR ci.id IS NULL) AS by_person,
           ci.id AS i_id, ci.deleted AS i_deleted, ci.name AS i_name, ci.modified_ts AS i_ts,
           cr.id AS r_id, cr.deleted AS r_deleted, cr.name AS r_name, cr.modified_ts AS r_ts
    FROM k_list l
    LEFT JOIN c ci ON ci.id = l.listed_id
    LEFT JOIN by_remote cr ON cr.remote_id = l.remote_id
), m AS (
    SELECT line, listed_id, remote_id,
           CASE WHEN by_person THEN r_id ELSE i_id END AS id,
           CASE WHEN by_person THEN r_deleted ELSE i_deleted END AS deleted,
           CASE WHEN by_person THEN r_name ELSE i_name END AS name,
           CASE WHEN by_person THEN r_ts ELSE i_ts END AS modified_ts
    FROM j
)
SELECT line, listed_id, remote_id, coalesce(id, listed_id) AS conflux_id,
       CASE WHEN id IS NULL THEN 'not_found' WHEN deleted THEN 'deleted' ELSE 'found' END AS status,
       coalesce(name, '') AS name, modified_ts
FROM m;

CREATE OR REPLACE TEMP VIEW o_ver AS
SELECT conflux_id, remote_id, status, name, last_modified_raw,
       date_trunc('second', timezone('UTC', TRY_CAST(last_modified_raw AS TIMESTAMPTZ))) AS modified_ts,
       count(*) OVER (PARTITION BY remote_id) AS n
FROM (
    SELECT trim(coalesce(CAST(conflux_id AS VARCHAR), '')) AS conflux_id,
           trim(coalesce(CAST(remote_id AS VARCHAR), '')) AS remote_id,
           trim(coalesce(CAST(status AS VARCHAR), '')) AS status,
           trim(coalesce(CAST(name AS VARCHAR), '')) AS name,
           nullif(trim(coalesce(CAST(last_modified AS VARCHAR), '')), '') AS last_modified_raw
    FROM output.verification);
