-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the ticket's rules computed from Conflux's state (read-only,
-- unchanged by the scenario), HireHarbor's state and the store after each run (checkpoints rekeyed,
-- synced, final; column cp) and the handed-over store (checkpoint initial).
--   ak_cfx      acct_helix's Conflux candidates: Conflux id -> remote_id -> HireHarbor id (the number:
--               "000417" is 417) and the row's expected key: the HireHarbor id, or for a merged
--               duplicate the candidate it was merged into (two levels followed); gone = HireHarbor
--               has no such candidate at all (deleted there)
--   ak_want     the expected acct_helix rows at each checkpoint: one per live HireHarbor candidate with its
--               fields (primary e-mail = the first, first phone), deleted 0; plus one per Conflux row
--               HireHarbor no longer has, keyed by its HireHarbor id, with the handed-over fields and
--               deleted 1
--   ak_notes    the handed-over acct_helix annotations with the key they must end on
--   ak_out      the store's acct_helix rows at each checkpoint, text-normalised (ak_store, ak_ann: the
--               store's tables at each checkpoint)
CREATE OR REPLACE TEMP VIEW ak_cfx AS
    SELECT c.id AS conflux_id, c.remote_id, TRY_CAST(c.remote_id AS BIGINT) AS hh_id,
           CAST(coalesce(h2.merged_into, h.merged_into, TRY_CAST(c.remote_id AS BIGINT)) AS VARCHAR) AS want_key,
           h.id IS NULL AS gone
    FROM state.conflux_candidates c
    LEFT JOIN state.hireharbor_candidates h ON h.id = TRY_CAST(c.remote_id AS BIGINT)
    LEFT JOIN state.hireharbor_candidates h2 ON h2.id = h.merged_into
    WHERE c.account_id = 'acct_helix';

CREATE OR REPLACE TEMP VIEW ak_hh AS
    SELECT 'rekeyed' AS cp, id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM cp_rekeyed.hireharbor_candidates
    UNION ALL SELECT 'synced', id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM cp_synced.hireharbor_candidates
    UNION ALL SELECT 'final', id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM state.hireharbor_candidates;

CREATE OR REPLACE TEMP VIEW ak_want AS
    SELECT cp, CAST(id AS VARCHAR) AS candidate_id, CAST(first_name AS VARCHAR) AS first_name,
           CAST(last_name AS VARCHAR) AS last_name, json_extract_string(emails, '$[0]') AS email,
           json_extract_string(phone_numbers, '$[0]') AS phone, CAST(company AS VARCHAR) AS company,
           CAST(title AS VARCHAR) AS title, 0 AS deleted
    FROM ak_hh WHERE merged_into IS NULL
    UNION ALL
    SELECT cps.cp, k.want_key, CAST(i.first_name AS VARCHAR), CAST(i.last_name AS VARCHAR), CAST(i.email AS VARCHAR),
           CAST(i.phone AS VARCHAR), CAST(i.company AS VARCHAR), CAST(i.title AS VARCHAR), 1
    FROM ak_cfx k JOIN cp_initial.output_store_candidates i
      ON CAST(i.candidate_id AS VARCHAR) = k.conflux_id AND CAST(i.account_id AS VARCHAR) = 'acct_helix'
    CROSS JOIN (VALUES ('rekeyed'), ('synced'), ('final')) cps(cp)
    WHERE k.gone;

CREATE OR REPLACE TEMP VIEW ak_notes AS
    SELECT CAST(a.id AS BIGINT) AS id, CAST(a.author AS VARCHAR) AS author, CAST(a.note AS VARCHAR) AS note,
           CAST(a.created_at AS VARCHAR) AS created_at, k.want_key
    FROM cp_initial.output_store_annotations a
    JOIN ak_cfx k ON k.conflux_id = CAST(a.candidate_id AS VARCHAR)
    WHERE CAST(a.account_id AS VARCHAR) = 'acct_helix';

CREATE OR REPLACE TEMP VIEW ak_store AS
    SELECT 'rekeyed' AS cp, account_id, candidate_id, first_name, last_name, email, phone, company, title, deleted
    FROM cp_rekeyed.output_store_candidates
    UNION ALL SELECT 'synced', account_id, candidate_id, first_name, last_name, email, phone, company, title, deleted
    FROM cp_synced.output_store_candidates
    UNION ALL SELECT 'final', account_id, candidate_id, first_name, last_name, email, phone, company, title, deleted
    FROM output.store_candidates;

CREATE OR REPLACE TEMP VIEW ak_ann AS
    SELECT 'rekeyed' AS cp, id, account_id, candidate_id, author, note, created_at FROM cp_rekeyed.output_store_annotations
    UNION ALL SELECT 'synced', id, account_id, candidate_id, author, note, created_at FROM cp_synced.output_store_annotations
    UNION ALL SELECT 'final', id, account_id, candidate_id, author, note, created_at FROM output.store_annotations;

CREATE OR REPLACE TEMP VIEW ak_out AS
    SELECT cp, CAST(candidate_id AS VARCHAR) AS candidate_id, CAST(first_name AS VARCHAR) AS first_name,
           CAST(last_name AS VARCHAR) AS last_name, CAST(email AS VARCHAR) AS email, CAST(phone AS VARCHAR) AS phone,
           CAST(company AS VARCHAR) AS company, CAST(title AS VARCHAR) AS title,
           CASE WHEN lower(CAST(deleted AS VARCHAR)) IN ('1', 'true') THEN 1
                WHEN lower(CAST(deleted AS VARCHAR)) IN ('0', 'false') THEN 0 END AS deleted
    FROM ak_store WHERE CAST(account_id AS VARCHAR) = 'acct_helix';
