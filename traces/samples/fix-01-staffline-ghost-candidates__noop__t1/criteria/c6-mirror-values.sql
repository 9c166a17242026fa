-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c6-mirror-values
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: After each run (cp1, cp2, final) every live StaffLine candidate is in the mirror with
--   updated_at as StaffLine sends it (epoch milliseconds), and after run 1 with all its other columns
--   too; every live application is there with its candidate_id, job_id, status, applied_at and
--   updated_at as StaffLine has them. (The candidates' other columns after runs 2 and 3 are c2's.)
-- Binary on purpose: the starter's first load is right, so partial credit would lift it past 20.
WITH cand AS (
    SELECT 'after run1' AS checkpoint, TRUE AS all_columns, s.id, s.first_name, s.last_name, s.email, s.phone,
           s.city, s.status, s.updated_at, o.id AS m_id, CAST(o.first_name AS VARCHAR) AS m_first_name,
           CAST(o.last_name AS VARCHAR) AS m_last_name, CAST(o.email AS VARCHAR) AS m_email,
           CAST(o.phone AS VARCHAR) AS m_phone, CAST(o.city AS VARCHAR) AS m_city,
           CAST(o.status AS VARCHAR) AS m_status, CAST(o.updated_at AS VARCHAR) AS m_updated_at
    FROM cp_cp1.staffline_candidates s LEFT JOIN cp_cp1.output_candidates o ON TRY_CAST(o.id AS BIGINT) = s.id
    UNION ALL
    SELECT 'after run2', FALSE, s.id, s.first_name, s.last_name, s.email, s.phone, s.city, s.status, s.updated_at,
           o.id, NULL, NULL, NULL, NULL, NULL, NULL, CAST(o.updated_at AS VARCHAR)
    FROM cp_cp2.staffline_candidates s LEFT JOIN cp_cp2.output_candidates o ON TRY_CAST(o.id AS BIGINT) = s.id
    UNION ALL
    SELECT 'after run3', FALSE, s.id, s.first_name, s.last_name, s.email, s.phone, s.city, s.status, s.updated_at,
           o.id, NULL, NULL, NULL, NULL, NULL, NULL, CAST(o.updated_at AS VARCHAR)
    FROM state.staffline_candidates s LEFT JOIN output.candidates o ON TRY_CAST(o.id AS BIGINT) = s.id
), app AS (
    SELECT 'after run1' AS checkpoint, s.*, o.id AS m_id, TRY_CAST(o.candidate_id AS BIGINT) AS m_candidate_id,
           TRY_CAST(o.job_id AS BIGINT) AS m_job_id, CAST(o.status AS VARCHAR) AS m_status,
           CAST(o.applied_at AS VARCHAR) AS m_applied_at, CAST(o.updated_at AS VARCHAR) AS m_updated_at
    FROM cp_cp1.staffline_applications s LEFT JOIN cp_cp1.output_applications o ON TRY_CAST(o.id AS BIGINT) = s.id
    UNION ALL
    SELECT 'after run2', s.*, o.id, TRY_CAST(o.candidate_id AS BIGINT), TRY_CAST(o.job_id AS BIGINT),
           CAST(o.status AS VARCHAR), CAST(o.applied_at AS VARCHAR), CAST(o.updated_at AS VARCHAR)
    FROM cp_cp2.staffline_applications s LEFT JOIN cp_cp2.output_applications o ON TRY_CAST(o.id AS BIGINT) = s.id
    UNION ALL
    SELECT 'after run3', s.*, o.id, TRY_CAST(o.candidate_id AS BIGINT), TRY_CAST(o.job_id AS BIGINT),
           CAST(o.status AS VARCHAR), CAST(o.applied_at AS VARCHAR), CAST(o.updated_at AS VARCHAR)
    FROM state.staffline_applications s LEFT JOIN output.applications o ON TRY_CAST(o.id AS BIGINT) = s.id
)
-- timestamps: StaffLine sends epoch milliseconds (truncated); the dump holds the instant in microseconds
SELECT 'candidate' AS kind, id, checkpoint,
       CASE WHEN m_id IS NULL THEN 'missing from the mirror' ELSE 'a column differs' END AS problem,
       m_updated_at AS mirror_updated_at, updated_at AS staffline_updated_at
FROM cand
WHERE m_id IS NULL
   OR TRY_CAST(m_updated_at AS DOUBLE) IS DISTINCT FROM (epoch_us(CAST(updated_at AS TIMESTAMP)) // 1000)
   OR (all_columns AND (m_first_name IS DISTINCT FROM first_name OR m_last_name IS DISTINCT FROM last_name
                        OR m_email IS DISTINCT FROM email OR m_phone IS DISTINCT FROM phone
                        OR m_city IS DISTINCT FROM city OR m_status IS DISTINCT FROM status))
UNION ALL
SELECT 'application', id, checkpoint,
       CASE WHEN m_id IS NULL THEN 'missing from the mirror' ELSE 'a column differs' END,
       m_updated_at, updated_at
FROM app
WHERE m_id IS NULL
   OR m_candidate_id IS DISTINCT FROM candidate_id OR m_job_id IS DISTINCT FROM job_id
   OR m_status IS DISTINCT FROM status
   OR TRY_CAST(m_applied_at AS DOUBLE) IS DISTINCT FROM (epoch_us(CAST(applied_at AS TIMESTAMP)) // 1000)
   OR TRY_CAST(m_updated_at AS DOUBLE) IS DISTINCT FROM (epoch_us(CAST(updated_at AS TIMESTAMP)) // 1000)
