-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-nothing-else-touched
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: In each run, only placements whose winning row lengthens them change, and only their end date:
--   no shortening, no closed, unknown, name-matched or already-current placement changes, no other
--   column changes (a run that wrote no results fails).
-- The answer key (ak_*) is in _answer_key.sql.
SELECT coalesce(a.id, b.id) AS placement_id, 'run1' AS run,
       CASE WHEN a.id IS NULL THEN 'placement appeared' WHEN b.id IS NULL THEN 'placement disappeared'
            WHEN (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate) THEN 'a column other than end_date changed'
            ELSE 'end_date changed but no winning row of the file lengthens it' END AS problem
FROM cp_initial.staffline_placements a FULL JOIN cp_cp1.staffline_placements b ON a.id = b.id
WHERE a.id IS NULL OR b.id IS NULL OR (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate)
   OR (a.end_date IS DISTINCT FROM b.end_date
       AND a.id NOT IN (SELECT id FROM ak_apply WHERE run = 'run1'))
UNION ALL
SELECT NULL, 'run1', 'no results were written by this run' WHERE (SELECT count(*) FROM cp_cp1.output_extension_results) = 0
UNION ALL
SELECT coalesce(a.id, b.id) AS placement_id, 'run2' AS run,
       CASE WHEN a.id IS NULL THEN 'placement appeared' WHEN b.id IS NULL THEN 'placement disappeared'
            WHEN (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate) THEN 'a column other than end_date changed'
            ELSE 'end_date changed but no winning row of the file lengthens it' END AS problem
FROM cp_cp1.staffline_placements a FULL JOIN cp_cp2.staffline_placements b ON a.id = b.id
WHERE a.id IS NULL OR b.id IS NULL OR (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate)
   OR (a.end_date IS DISTINCT FROM b.end_date
       AND a.id NOT IN (SELECT id FROM ak_apply WHERE run = 'run2'))
UNION ALL
SELECT NULL, 'run2', 'no results were written by this run' WHERE (SELECT count(*) FROM cp_cp2.output_extension_results) = 0
UNION ALL
SELECT coalesce(a.id, b.id) AS placement_id, 'run3' AS run,
       CASE WHEN a.id IS NULL THEN 'placement appeared' WHEN b.id IS NULL THEN 'placement disappeared'
            WHEN (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate) THEN 'a column other than end_date changed'
            ELSE 'end_date changed but no winning row of the file lengthens it' END AS problem
FROM cp_before_run3.staffline_placements a FULL JOIN state.staffline_placements b ON a.id = b.id
WHERE a.id IS NULL OR b.id IS NULL OR (a.candidate_id IS DISTINCT FROM b.candidate_id OR a.job_id IS DISTINCT FROM b.job_id OR a.external_ref IS DISTINCT FROM b.external_ref OR a.client_code IS DISTINCT FROM b.client_code OR a.status IS DISTINCT FROM b.status OR a.start_date IS DISTINCT FROM b.start_date OR a.bill_rate IS DISTINCT FROM b.bill_rate OR a.pay_rate IS DISTINCT FROM b.pay_rate)
   OR (a.end_date IS DISTINCT FROM b.end_date
       AND a.id NOT IN (SELECT id FROM ak_apply WHERE run = 'run3'))
UNION ALL
SELECT NULL, 'run3', 'no results were written by this run' WHERE (SELECT count(*) FROM output.extension_results) = 0
