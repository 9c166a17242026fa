-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the ticket's rules computed from Conflux's state (read-only,
-- unchanged by the scenario), HireHarbor's state and the store after each run (checkpoints rekeyed,
-- synced, final; column cp, ordered by n in ak_cps) and the handed-over store (checkpoint initial).
-- Recruiters merge and delete people between the runs too (the scenario's mutate steps), so every
-- rule is computed from HireHarbor as it stood at that checkpoint.
--   ak_hh       HireHarbor's candidates at each checkpoint
--   ak_root     each HireHarbor id at each checkpoint -> the live candidate it ends in (merges followed,
--               three levels; a live candidate is its own root)
--   ak_cfx      acct_helix's Conflux candidates: Conflux id -> remote_id -> HireHarbor id (the number:
--               "000417" is 417)
--   ak_key      per checkpoint, each Conflux row's expected key: its root at that checkpoint, or its
--               HireHarbor id when HireHarbor no longer has it at all (gone: deleted there)
--   ak_want     the expected acct_helix rows at each checkpoint: one per live HireHarbor candidate with its
--               fields (primary e-mail = the first, first phone), deleted 0; plus one per person the store
--               has known (a Conflux row, or a candidate live at this or an earlier checkpoint) whom
--               HireHarbor no longer has, keyed by the HireHarbor id, deleted 1, with the fields HireHarbor
--               last had at an earlier checkpoint (for people deleted before the switch: the handed-over
--               fields)
--   ak_notes    per checkpoint, the handed-over acct_helix annotations with the key they must be on
--   ak_out      the store's acct_helix rows at each checkpoint, text-normalised (ak_store, ak_ann: the
--               store's tables at each checkpoint)
CREATE OR REPLACE TEMP VIEW ak_cps AS
    SELECT * FROM (VALUES (1, 'rekeyed'), (2, 'synced'), (3, 'final')) t(n, cp);

CREATE OR REPLACE TEMP VIEW ak_hh AS
    SELECT 'rekeyed' AS cp, id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM cp_rekeyed.hireharbor_candidates
    UNION ALL SELECT 'synced', id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM cp_synced.hireharbor_candidates
    UNION ALL SELECT 'final', id, first_name, last_name, emails, phone_numbers, company, title, merged_into
    FROM state.hireharbor_candidates;

CREATE OR REPLACE TEMP VIEW ak_root AS
    SELECT h.cp, h.id, coalesce(h3.merged_into, h2.merged_into, h.merged_into, h.id) AS root
    FROM ak_hh h
    LEFT JOIN ak_hh h2 ON h2.cp = h.cp AND h2.id = h.merged_into
    LEFT JOIN ak_hh h3 ON h3.cp = h.cp AND h3.id = h2.merged_into;

CREATE OR REPLACE TEMP VIEW ak_cfx AS
    SELECT c.id AS conflux_id, c.remote_id, TRY_CAST(c.remote_id AS BIGINT) AS hh_id
    FROM state.conflux_candidates c
    WHERE c.account_id = 'acct_helix';

CREATE OR REPLACE TEMP VIEW ak_key AS
    SELECT p.cp, k.conflux_id, k.hh_id, CAST(coalesce(r.root, k.hh_id) AS VARCHAR) AS want_key,
           r.id IS NULL AS gone
    FROM ak_cfx k CROSS JOIN ak_cps p
    LEFT JOIN ak_root r ON r.cp = p.cp AND r.id = k.hh_id;

CREATE OR REPLACE TEMP VIEW ak_live AS
    SELECT h.cp, p.n, h.id, CAST(h.first_name AS VARCHAR) AS first_name, CAST(h.last_name AS VARCHAR) AS last_name,
           json_extract_string(h.emails, '$[0]') AS email, json_extract_string(h.phone_numbers, '$[0]') AS phone,
           CAST(h.company AS VARCHAR) AS company, CAST(h.title AS VARCHAR) AS title
    FROM ak_hh h JOIN ak_cps p ON p.cp = h.cp
    WHERE h.merged_into IS NULL;

CREATE OR REPLACE TEMP VIEW ak_gone AS
    WITH known AS (
        SELECT p.cp, p.n, k.hh_id AS id FROM ak_cfx k CROSS JOIN ak_cps p WHERE k.hh_id IS NOT NULL
        UNION
        SELECT p.cp, p.n, l.id FROM ak_live l JOIN ak_cps p ON l.n <= p.n
    )
    SELECT k.cp, k.n, k.id FROM known k ANTI JOIN ak_hh h ON h.cp = k.cp AND h.id = k.id;

CREATE OR REPLACE TEMP VIEW ak_want AS
    SELECT cp, CAST(id AS VARCHAR) AS candidate_id, first_name, last_name, email, phone, company, title, 0 AS deleted
    FROM ak_live
    UNION ALL
    SELECT g.cp, CAST(g.id AS VARCHAR),
           CASE WHEN l.id IS NOT NULL THEN l.first_name ELSE CAST(i.first_name AS VARCHAR) END,
           CASE WHEN l.id IS NOT NULL THEN l.last_name ELSE CAST(i.last_name AS VARCHAR) END,
           CASE WHEN l.id IS NOT NULL THEN l.email ELSE CAST(i.email AS VARCHAR) END,
           CASE WHEN l.id IS NOT NULL THEN l.phone ELSE CAST(i.phone AS VARCHAR) END,
           CASE WHEN l.id IS NOT NULL THEN l.company ELSE CAST(i.company AS VARCHAR) END,
           CASE WHEN l.id IS NOT NULL THEN l.title ELSE CAST(i.title AS VARCHAR) END,
           1
    FROM ak_gone g
    LEFT JOIN ak_live l ON l.id = g.id AND l.n < g.n
    LEFT JOIN ak_cfx k ON k.hh_id = g.id
    LEFT JOIN cp_initial.output_store_candidates i
      ON CAST(i.candidate_id AS VARCHAR) = k.conflux_id AND CAST(i.account_id AS VARCHAR) = 'acct_helix'
    QUALIFY row_number() OVER (PARTITION BY g.cp, g.id ORDER BY l.n DESC NULLS LAST) = 1;

CREATE OR REPLACE TEMP VIEW ak_notes AS
    SELECT k.cp, CAST(a.id AS BIGINT) AS id, CAST(a.author AS VARCHAR) AS author, CAST(a.note AS VARCHAR) AS note,
           CAST(a.created_at AS VARCHAR) AS created_at, k.want_key
    FROM cp_initial.output_store_annotations a
    JOIN ak_key k ON k.conflux_id = CAST(a.candidate_id AS VARCHAR)
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
