-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared views. Graded checkpoints: cp1..cp4 (after runs 1-4) and final (after run 5).
CREATE OR REPLACE VIEW cps AS
SELECT * FROM (VALUES ('cp1', 1), ('cp2', 2), ('cp3', 3), ('cp4', 4), ('final', 5)) t(cp, n);

-- ClearCheck checks at each graded checkpoint.
CREATE OR REPLACE VIEW cc_checks AS
SELECT 'cp1' AS cp, id, candidate_id, package, external_id, status, result, completed_at FROM cp_cp1.clearcheck_checks
UNION ALL SELECT 'cp2', id, candidate_id, package, external_id, status, result, completed_at FROM cp_cp2.clearcheck_checks
UNION ALL SELECT 'cp3', id, candidate_id, package, external_id, status, result, completed_at FROM cp_cp3.clearcheck_checks
UNION ALL SELECT 'cp4', id, candidate_id, package, external_id, status, result, completed_at FROM cp_cp4.clearcheck_checks
UNION ALL SELECT 'final', id, candidate_id, package, external_id, status, result, completed_at FROM state.clearcheck_checks;

CREATE OR REPLACE VIEW cc_candidates AS
SELECT 'cp1' AS cp, id, first_name, last_name, email FROM cp_cp1.clearcheck_candidates
UNION ALL SELECT 'cp2', id, first_name, last_name, email FROM cp_cp2.clearcheck_candidates
UNION ALL SELECT 'cp3', id, first_name, last_name, email FROM cp_cp3.clearcheck_candidates
UNION ALL SELECT 'cp4', id, first_name, last_name, email FROM cp_cp4.clearcheck_candidates
UNION ALL SELECT 'final', id, first_name, last_name, email FROM state.clearcheck_candidates;

-- Jobsmith notes and statuses at each graded checkpoint.
CREATE OR REPLACE VIEW js_notes AS
SELECT 'cp1' AS cp, id, applicant_id, contents FROM cp_cp1.jobsmith_notes
UNION ALL SELECT 'cp2', id, applicant_id, contents FROM cp_cp2.jobsmith_notes
UNION ALL SELECT 'cp3', id, applicant_id, contents FROM cp_cp3.jobsmith_notes
UNION ALL SELECT 'cp4', id, applicant_id, contents FROM cp_cp4.jobsmith_notes
UNION ALL SELECT 'final', id, applicant_id, contents FROM state.jobsmith_notes;

CREATE OR REPLACE VIEW js_status AS
SELECT 'cp1' AS cp, applicant_id, job_id, status FROM cp_cp1.jobsmith_applicants2jobs
UNION ALL SELECT 'cp2', applicant_id, job_id, status FROM cp_cp2.jobsmith_applicants2jobs
UNION ALL SELECT 'cp3', applicant_id, job_id, status FROM cp_cp3.jobsmith_applicants2jobs
UNION ALL SELECT 'cp4', applicant_id, job_id, status FROM cp_cp4.jobsmith_applicants2jobs
UNION ALL SELECT 'final', applicant_id, job_id, status FROM state.jobsmith_applicants2jobs;

-- The output at each graded checkpoint, typed.
CREATE OR REPLACE VIEW out_checks AS
SELECT cp, TRY_CAST(applicant_id AS BIGINT) AS applicant_id, CAST(check_id AS VARCHAR) AS check_id,
       CAST(status AS VARCHAR) AS status, nullif(CAST(result AS VARCHAR), '') AS result,
       date_trunc('second', TRY_CAST(nullif(CAST(completed_at AS VARCHAR), '') AS TIMESTAMPTZ)) AS completed_at
FROM (SELECT 'cp1' AS cp, * FROM cp_cp1.output_checks
      UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.output_checks
      UNION ALL BY NAME SELECT 'cp3' AS cp, * FROM cp_cp3.output_checks
      UNION ALL BY NAME SELECT 'cp4' AS cp, * FROM cp_cp4.output_checks
      UNION ALL BY NAME SELECT 'final' AS cp, * FROM output.checks);

-- Offer applicants: at Offer when the scenario starts (due by cp1), or moved to Offer by
-- another user between run 3 and run 4 (due by cp4); job = their Offer job.
CREATE OR REPLACE VIEW offers AS
SELECT applicant_id, job_id, 1 AS due_n FROM cp_initial.jobsmith_applicants2jobs WHERE status = 'Offer'
UNION ALL
SELECT b.applicant_id, b.job_id, 4 FROM cp_cp4.jobsmith_applicants2jobs b
JOIN cp_cp3.jobsmith_applicants2jobs a ON a.applicant_id = b.applicant_id AND a.job_id = b.job_id
WHERE a.status NOT IN ('Offer', 'Cleared') AND b.status IN ('Offer', 'Cleared');

-- Checks head office ordered by hand before the integration (in the account when the scenario
-- starts): no external_id or a free-text one, on a candidate typed by hand. Each belongs to the
-- Offer applicant whose e-mail its candidate carries, ignoring case and spaces.
CREATE OR REPLACE VIEW hand_checks AS
SELECT k.id, o.applicant_id
FROM cp_initial.clearcheck_checks k
JOIN cp_initial.clearcheck_candidates c ON c.id = k.candidate_id
JOIN cp_initial.jobsmith_applicants a
  ON lower(regexp_replace(a.email, '\s', '', 'g')) = lower(regexp_replace(c.email, '\s', '', 'g'))
JOIN offers o ON o.applicant_id = a.id;

-- Checks of offer applicants, with the applicant they belong to: a hand-ordered check's by the
-- e-mail, every other check's by its external_id (the applicant id the ticket puts on orders).
CREATE OR REPLACE VIEW offer_checks AS
SELECT k.*, o.applicant_id, o.job_id, cps.n, h.id IS NOT NULL AS by_hand
FROM cc_checks k JOIN cps USING (cp)
LEFT JOIN hand_checks h ON h.id = k.id
JOIN offers o ON (h.id IS NOT NULL AND o.applicant_id = h.applicant_id)
              OR (h.id IS NULL AND k.external_id = CAST(o.applicant_id AS VARCHAR));

-- Completions ClearCheck never announced: complete at cp3 but not yet at cp2 (webhooks were
-- dropped in between).
CREATE OR REPLACE VIEW silent_checks AS
SELECT c3.id FROM cp_cp3.clearcheck_checks c3 JOIN cp_cp2.clearcheck_checks c2 USING (id)
WHERE c3.status = 'complete' AND c2.status <> 'complete';

-- The note a completed check must leave.
CREATE OR REPLACE VIEW expected_notes AS
SELECT cp, n, id AS check_id, applicant_id, job_id, result,
       'Background check: ' || upper(result) || ' (ClearCheck ' || id || ')' AS contents
FROM offer_checks WHERE status = 'complete';
