-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-merge-report
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: merge_report.csv after the last run (Monday's check) holds one row per person moved: their
--  Quarry ids (sorted, ';'-separated; compared as a set), their TalentForge candidate
--  (the reused parent candidate, or the QY- candidate) and the rule (existing, merged, single).
WITH r AS (
    SELECT list_sort(string_split(replace(CAST(quarry_ids AS VARCHAR), ' ', ''), ';')) AS ids,
           trim(CAST(tf_candidate_id AS VARCHAR)) AS tf_candidate_id, trim(CAST(rule AS VARCHAR)) AS rule
    FROM output.merge_report
)
SELECT g.gid, g.tf_id, g.rule, 'missing or wrong in the report' AS problem
FROM ak_group g
WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.ids = g.ids AND r.tf_candidate_id = g.tf_id AND r.rule = g.rule)
UNION ALL
SELECT NULL, r.tf_candidate_id, r.rule, 'report row of no person moved (or twice)'
FROM r
WHERE (SELECT count(*) FROM ak_group g WHERE r.ids = g.ids AND r.tf_candidate_id = g.tf_id AND r.rule = g.rule) = 0
   OR (SELECT count(*) FROM r r2 WHERE r2.ids = r.ids) > 1
