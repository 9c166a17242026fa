-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c5-second-account-untouched
-- category: integrity
-- weight: 2
-- mandatory: true
-- description: After every run the acct_helix_workwell rows (every column but synced_at) and their
--  annotations (every column) are exactly as handed over: none changed, lost or added. Guarded: a store
--  that was not re-keyed at all (no acct_helix row keyed by a HireHarbor id at the end) fails.
WITH cps AS (SELECT * FROM (VALUES ('rekeyed'), ('synced'), ('final')) t(cp)),
i AS (
    SELECT cps.cp, CAST(candidate_id AS VARCHAR) AS k,
           concat_ws('|', first_name, last_name, email, phone, company, title, CAST(deleted AS VARCHAR)) AS v
    FROM cp_initial.output_store_candidates CROSS JOIN cps
    WHERE CAST(account_id AS VARCHAR) = 'acct_helix_workwell'
), f AS (
    SELECT cp, CAST(candidate_id AS VARCHAR) AS k,
           concat_ws('|', first_name, last_name, email, phone, company, title, CAST(deleted AS VARCHAR)) AS v
    FROM ak_store WHERE CAST(account_id AS VARCHAR) = 'acct_helix_workwell'
), ai AS (
    SELECT cps.cp, CAST(id AS VARCHAR) AS k, concat_ws('|', account_id, candidate_id, author, note, created_at) AS v
    FROM cp_initial.output_store_annotations CROSS JOIN cps
    WHERE CAST(account_id AS VARCHAR) = 'acct_helix_workwell'
), af AS (
    SELECT cp, CAST(id AS VARCHAR) AS k, concat_ws('|', account_id, candidate_id, author, note, created_at) AS v
    FROM ak_ann
    WHERE CAST(id AS VARCHAR) IN (SELECT k FROM ai) OR CAST(account_id AS VARCHAR) = 'acct_helix_workwell'
)
SELECT 'row' AS kind, coalesce(i.cp, f.cp) AS cp, coalesce(i.k, f.k) AS id, i.v AS handed_over, f.v AS now
FROM i FULL OUTER JOIN f ON f.cp = i.cp AND f.k = i.k WHERE i.v IS DISTINCT FROM f.v
UNION ALL
SELECT 'annotation', coalesce(ai.cp, af.cp), coalesce(ai.k, af.k), ai.v, af.v
FROM ai FULL OUTER JOIN af ON af.cp = ai.cp AND af.k = ai.k WHERE ai.v IS DISTINCT FROM af.v
UNION ALL
SELECT 'guard', NULL, NULL, NULL, 'the store was not re-keyed'
WHERE NOT EXISTS (SELECT 1 FROM ak_out o JOIN state.hireharbor_candidates h ON CAST(h.id AS VARCHAR) = o.candidate_id
                  WHERE o.cp = 'final')
