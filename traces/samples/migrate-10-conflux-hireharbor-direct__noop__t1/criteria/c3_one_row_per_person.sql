-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-one-row-per-person
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: After every run no HireHarbor person has more than one acct_helix row: rows are counted
--  per person (a numeric key as its number, so "000417" and "417" are one person; a Conflux-id row as
--  the person its Conflux record maps to; merges followed as HireHarbor had them at that checkpoint, so a
--  duplicate merged after the switch counts as its survivor from the next checkpoint on). Guarded: a store
--  without a single row keyed by a HireHarbor id after a run was not re-keyed.
WITH per AS (
    SELECT o.cp, coalesce(CAST(TRY_CAST(o.candidate_id AS BIGINT) AS VARCHAR), k.want_key, o.candidate_id) AS person,
           o.candidate_id
    FROM ak_out o LEFT JOIN ak_key k ON k.cp = o.cp AND k.conflux_id = o.candidate_id
), merged AS (
    SELECT p.cp, coalesce(CAST(r.root AS VARCHAR), p.person) AS person, p.candidate_id
    FROM per p LEFT JOIN ak_root r ON r.cp = p.cp AND CAST(r.id AS VARCHAR) = p.person
)
SELECT cp, person, string_agg(candidate_id, ', ' ORDER BY candidate_id) AS rows, 'several rows for one person' AS problem
FROM merged GROUP BY cp, person HAVING count(*) > 1
UNION ALL
SELECT cps.cp, NULL, NULL, 'no acct_helix row is keyed by a HireHarbor id (not re-keyed)'
FROM (VALUES ('rekeyed'), ('synced'), ('final')) cps(cp)
WHERE NOT EXISTS (SELECT 1 FROM ak_out o JOIN state.hireharbor_candidates h ON CAST(h.id AS VARCHAR) = o.candidate_id
                  WHERE o.cp = cps.cp)
