-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key at each graded checkpoint (moved: after
-- the first migrate; forwarded: after the move week's webhooks; final: after the final migrate,
-- which brings the late week's new applications; rerun: after the migrate run once more), from
-- TalentForge's state of the same checkpoint and the ticket's two maps.
--   k_app       every TalentForge application with its checkpoint, scope (cost centre GRF-),
--               candidate, expected Pipelane stage and posting text
--   k_cand      every in-scope candidate (one with an in-scope application) per checkpoint
--   k_note      the candidates' notes, grouped by (author, UTC date, body) with their count
--   k_opp       Pipelane opportunities per checkpoint, with their tag and the app it names
--   k_contact   Pipelane contacts per checkpoint
--   k_plnote    Pipelane notes per checkpoint
CREATE OR REPLACE TEMP VIEW k_stage_map AS
    SELECT * FROM (VALUES ('applied', 'new-lead'), ('recruiter_screen', 'phone-screen'), ('hm_review', 'phone-screen'),
                          ('interview', 'interview'), ('offer', 'offer'), ('hired', 'hired')) t(tf_stage, pl_stage);

CREATE OR REPLACE TEMP VIEW k_posting_map AS
    SELECT * FROM (VALUES ('Senior Designer', 'Senior Designer — Edinburgh'), ('Frontend Engineer', 'Frontend Engineer — Edinburgh'),
                          ('Strategist', 'Strategist — Edinburgh'), ('Account Director', 'Account Director — Edinburgh'),
                          ('Motion Designer', 'Motion Designer — Edinburgh'), ('Copywriter', 'Copywriter — Edinburgh'),
                          ('Producer', 'Producer — Edinburgh'), ('Backend Engineer', 'Backend Engineer — Edinburgh'),
                          ('UX Researcher', 'UX Researcher — Edinburgh')) t(title, posting_text);

CREATE OR REPLACE TEMP VIEW k_migration_user AS SELECT '15e8b613-52aa-53b9-8025-1bcd73c09ed5' AS id;

CREATE OR REPLACE TEMP VIEW k_tf_app AS
    SELECT 'moved' AS cp, * FROM cp_moved.talentforge_applications
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.talentforge_applications
    UNION ALL SELECT 'final', * FROM cp_final.talentforge_applications
    UNION ALL SELECT 'rerun', * FROM cp_rerun.talentforge_applications;

CREATE OR REPLACE TEMP VIEW k_tf_req AS
    SELECT 'moved' AS cp, * FROM cp_moved.talentforge_requisitions
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.talentforge_requisitions
    UNION ALL SELECT 'final', * FROM cp_final.talentforge_requisitions
    UNION ALL SELECT 'rerun', * FROM cp_rerun.talentforge_requisitions;

CREATE OR REPLACE TEMP VIEW k_tf_cand AS
    SELECT 'moved' AS cp, * FROM cp_moved.talentforge_candidates
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.talentforge_candidates
    UNION ALL SELECT 'final', * FROM cp_final.talentforge_candidates
    UNION ALL SELECT 'rerun', * FROM cp_rerun.talentforge_candidates;

CREATE OR REPLACE TEMP VIEW k_tf_note AS
    SELECT 'moved' AS cp, * FROM cp_moved.talentforge_candidate_notes
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.talentforge_candidate_notes
    UNION ALL SELECT 'final', * FROM cp_final.talentforge_candidate_notes
    UNION ALL SELECT 'rerun', * FROM cp_rerun.talentforge_candidate_notes;

CREATE OR REPLACE TEMP VIEW k_app AS
    SELECT a.cp, a.id AS app_id, a.candidate_id, CAST(a.created_at AS TIMESTAMP) AS created_at,
           coalesce(r.cc_code, '') LIKE 'GRF-%' AS in_scope, m.pl_stage AS want_stage, p.posting_text AS want_posting
    FROM k_tf_app a JOIN k_tf_req r ON r.cp = a.cp AND r.id = a.requisition_id
    LEFT JOIN k_stage_map m ON m.tf_stage = a.stage
    LEFT JOIN k_posting_map p ON p.title = r.title;

CREATE OR REPLACE TEMP VIEW k_cand AS
    SELECT c.cp, c.id AS candidate_id, c.first_name, c.last_name, c.email, c.phone
    FROM k_tf_cand c
    WHERE EXISTS (SELECT 1 FROM k_app a WHERE a.cp = c.cp AND a.candidate_id = c.id AND a.in_scope);

CREATE OR REPLACE TEMP VIEW k_note AS
    SELECT cp, candidate_id, author_name, strftime(CAST(created_at AS TIMESTAMP), '%Y-%m-%d') AS day, body, count(*) AS n
    FROM k_tf_note GROUP BY ALL;

CREATE OR REPLACE TEMP VIEW k_opp AS
    WITH o AS (
        SELECT 'moved' AS cp, * FROM cp_moved.pipelane_opportunities
        UNION ALL SELECT 'forwarded', * FROM cp_forwarded.pipelane_opportunities
        UNION ALL SELECT 'final', * FROM cp_final.pipelane_opportunities
        UNION ALL SELECT 'rerun', * FROM cp_rerun.pipelane_opportunities)
    SELECT o.cp, o.id, o.contact_id, o.posting_id, o.stage, CAST(o.created_at AS TIMESTAMP) AS created_at,
           CAST(o.tags AS VARCHAR) AS tags_text, json_array_length(o.tags) AS n_tags,
           CASE WHEN json_array_length(o.tags) = 1 AND (o.tags->>0) LIKE 'tf:%' THEN substr(o.tags->>0, 4) END AS app_id
    FROM o;

CREATE OR REPLACE TEMP VIEW k_contact AS
    SELECT 'moved' AS cp, * FROM cp_moved.pipelane_contacts
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.pipelane_contacts
    UNION ALL SELECT 'final', * FROM cp_final.pipelane_contacts
    UNION ALL SELECT 'rerun', * FROM cp_rerun.pipelane_contacts;

CREATE OR REPLACE TEMP VIEW k_posting AS SELECT id, text FROM cp_final.pipelane_postings;

CREATE OR REPLACE TEMP VIEW k_plnote AS
    SELECT 'moved' AS cp, * FROM cp_moved.pipelane_notes
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.pipelane_notes
    UNION ALL SELECT 'final', * FROM cp_final.pipelane_notes
    UNION ALL SELECT 'rerun', * FROM cp_rerun.pipelane_notes;

CREATE OR REPLACE TEMP VIEW k_activity AS
    SELECT 'moved' AS cp, * FROM cp_moved.pipelane_activities
    UNION ALL SELECT 'forwarded', * FROM cp_forwarded.pipelane_activities
    UNION ALL SELECT 'final', * FROM cp_final.pipelane_activities
    UNION ALL SELECT 'rerun', * FROM cp_rerun.pipelane_activities;

CREATE OR REPLACE TEMP VIEW k_id_map AS
    SELECT 'moved' AS cp, * FROM cp_moved.output_id_map
    UNION ALL SELECT 'final', * FROM cp_final.output_id_map
    UNION ALL SELECT 'rerun', * FROM cp_rerun.output_id_map;
