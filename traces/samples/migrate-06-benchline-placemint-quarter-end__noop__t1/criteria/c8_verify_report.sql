-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c8-verify-report
-- category: correctness
-- weight: 3
-- mandatory: true
-- population: SELECT count(*) FROM ak_expected WHERE cp = 'cp3'
-- description: verify's report (cp3) has one row per placement of rule 1 as Benchline stood when
--  it ran, with the Placemint id of its BL- record, and a result that tells the truth about
--  Placemint then: `missing` without a record, `mismatch` when a field differs from the rules
--  or the fee schedule in force does not carry the current rates, `ok` otherwise (after a
--  correct catchup: missing for the placement created since, mismatch for the two edited since);
--  no row for anything else, none twice. Fails when the report is empty.
WITH k AS (
    SELECT e.id, pm.id AS placemint_id,
           CASE WHEN pm.id IS NULL THEN 'missing'
                WHEN pm.candidate_email IS DISTINCT FROM e.candidate_email
                  OR pm.candidate_name IS DISTINCT FROM e.candidate_name
                  OR pm.client_code IS DISTINCT FROM e.client_code
                  OR CAST(pm.start_date AS VARCHAR) IS DISTINCT FROM e.start_date
                  OR CAST(pm.end_date AS VARCHAR) IS DISTINCT FROM e.end_date
                  OR pm.rate_cents IS DISTINCT FROM e.rate_cents
                  OR pm.currency IS DISTINCT FROM e.currency
                  OR pm.status IS DISTINCT FROM e.status
                  OR f.id IS NULL OR f.bill_rate_cents IS DISTINCT FROM e.rate_cents
                  OR f.pay_rate_cents IS DISTINCT FROM e.pay_cents THEN 'mismatch'
                ELSE 'ok' END AS result
    FROM ak_expected e
    LEFT JOIN ak_placemint pm ON pm.cp = 'cp3' AND pm.external_ref = e.external_ref
    LEFT JOIN ak_in_force f ON f.cp = 'cp3' AND f.id = e.id
    WHERE e.cp = 'cp3'
), o AS (
    SELECT TRY_CAST(benchline_id AS BIGINT) AS id, NULLIF(trim(CAST(placemint_id AS VARCHAR)), '') AS placemint_id,
           lower(trim(CAST(result AS VARCHAR))) AS result
    FROM cp_cp3.output_verify_report
)
SELECT k.id AS benchline_id, 'expected ' || k.result || coalesce(' ' || k.placemint_id, '') || ', reported '
       || coalesce(o.result || coalesce(' ' || o.placemint_id, ''), 'nothing') AS problem
FROM k LEFT JOIN o ON o.id = k.id
WHERE o.id IS NULL OR o.result IS DISTINCT FROM k.result OR o.placemint_id IS DISTINCT FROM k.placemint_id
UNION ALL
SELECT o.id, 'a row for a placement rule 1 leaves behind or that does not exist' FROM o
WHERE o.id IS NULL OR o.id NOT IN (SELECT id FROM k)
UNION ALL
SELECT o.id, 'reported ' || CAST(count(*) AS VARCHAR) || ' times' FROM o WHERE o.id IS NOT NULL GROUP BY o.id HAVING count(*) > 1
UNION ALL
SELECT NULL, 'the report of run 3 is empty' WHERE NOT EXISTS (SELECT 1 FROM cp_cp3.output_verify_report)
