-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). Quarry's final dump is Quarry after Friday's additions
-- (nothing changes after them, so it is what the Friday catchup and Monday's check read);
-- TalentForge's `initial` dump is the parent's tenant before the migration.
--   ak_qc        Quarry candidates with the ticket's normal forms (e-mail, E.164 phone, folded name)
--   ak_member    Quarry candidate -> twin group (gid = the smallest member id), transitive
--   ak_group     per group in scope (>= 1 non-archived application): members, the merged fields
--                (latest-updated member that has the field), external id QY-<oldest member>,
--                the parent candidate reused (if any), the TalentForge candidate it must be,
--                and the report's rule
--   ak_app       per group x requisition code: the expected TalentForge stage and status
--   ak_feedback  per group: each feedback (author, rating, text) on its non-archived applications
CREATE OR REPLACE TEMP VIEW ak_qc AS
    SELECT id, name, created_at, updated_at, source,
           nullif(lower(regexp_replace(coalesce(email, ''), '\s', '', 'g')), '') AS em,
           CASE WHEN p LIKE '00%' THEN '+' || substr(p, 3) WHEN p = '' THEN NULL ELSE p END AS ph,
           lower(strip_accents(regexp_replace(trim(name), '\s+', ' ', 'g'))) AS fn
    FROM (SELECT *, regexp_replace(coalesce(phone, ''), '[^0-9+]', '', 'g') AS p FROM state.quarry_candidates);

CREATE OR REPLACE TEMP VIEW ak_member AS
    WITH RECURSIVE edges AS (
        SELECT a.id AS a, b.id AS b FROM ak_qc a JOIN ak_qc b
          ON a.id <> b.id AND (a.em = b.em OR (a.ph = b.ph AND a.fn = b.fn))
    ), reach(a, b) AS (
        SELECT id, id FROM ak_qc
        UNION
        SELECT r.a, e.b FROM reach r JOIN edges e ON e.a = r.b
    )
    SELECT a AS id, min(b) AS gid FROM reach GROUP BY a;

CREATE OR REPLACE TEMP VIEW ak_group AS
    WITH live AS (
        SELECT DISTINCT m.gid FROM ak_member m JOIN state.quarry_applications a ON a.candidate_id = m.id
        WHERE a.status <> 'Archived'
    ), g AS (
        SELECT m.gid, list(q.id ORDER BY q.id) AS ids, count(*) AS n,
               'QY-' || arg_min(q.id, q.created_at) AS ext,
               arg_max(trim(q.name), q.updated_at) AS name,
               arg_max(q.em, q.updated_at) FILTER (WHERE q.em IS NOT NULL) AS email,
               arg_max(q.ph, q.updated_at) FILTER (WHERE q.ph IS NOT NULL) AS phone,
               coalesce(arg_max(CASE q.source WHEN 'Referral' THEN 'referral' WHEN 'Agency' THEN 'agency' ELSE 'external' END,
                                q.updated_at) FILTER (WHERE q.source IS NOT NULL), 'external') AS source,
               list(q.em) FILTER (WHERE q.em IS NOT NULL) AS emails
        FROM ak_member m JOIN ak_qc q ON q.id = m.id
        WHERE m.gid IN (SELECT gid FROM live)
        GROUP BY m.gid
    ), parent AS (
        SELECT g.gid, min(c.id) AS parent_id
        FROM g, unnest(g.emails) AS u(em) JOIN cp_initial.talentforge_candidates c ON lower(trim(c.email)) = u.em
        GROUP BY g.gid
    )
    SELECT g.*, p.parent_id,
           coalesce(p.parent_id, (SELECT min(c.id) FROM state.talentforge_candidates c WHERE c.external_id = g.ext)) AS tf_id,
           CASE WHEN p.parent_id IS NOT NULL THEN 'existing' WHEN g.n > 1 THEN 'merged' ELSE 'single' END AS rule
    FROM g LEFT JOIN parent p USING (gid);

CREATE OR REPLACE TEMP VIEW ak_app AS
    SELECT m.gid, j.req_code,
           arg_max(CASE WHEN a.status = 'Hired' THEN 'hired' WHEN a.status = 'Lead' THEN 'applied'
                        ELSE CASE a.current_stage WHEN 'Application Review' THEN 'applied'
                             WHEN 'Phone Screen' THEN 'recruiter_screen' WHEN 'Technical Interview' THEN 'interview'
                             WHEN 'Onsite' THEN 'hm_review' WHEN 'Offer' THEN 'offer' END END, a.updated_at) AS stage,
           arg_max(CASE WHEN a.status = 'Hired' THEN 'hired'
                        WHEN a.status = 'Active' AND a.current_stage = 'Offer' THEN 'offer' ELSE 'active' END,
                   a.updated_at) AS status
    FROM ak_member m JOIN state.quarry_applications a ON a.candidate_id = m.id
    JOIN state.quarry_jobs j ON j.id = a.job_id
    WHERE a.status <> 'Archived' AND m.gid IN (SELECT gid FROM ak_group)
    GROUP BY m.gid, j.req_code;

CREATE OR REPLACE TEMP VIEW ak_feedback AS
    SELECT m.gid, f.author, f.rating, f.text, count(*) AS n
    FROM ak_member m JOIN state.quarry_applications a ON a.candidate_id = m.id
    JOIN state.quarry_feedback f ON f.application_id = a.id
    WHERE a.status <> 'Archived' AND m.gid IN (SELECT gid FROM ak_group)
    GROUP BY m.gid, f.author, f.rating, f.text;
