-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion). Graded checkpoints: cp1 (after migrate), cp2 (after the
-- first sync-progress), final (after the second). Crewtide does not change while a run works,
-- so its state at a checkpoint is what that run read.
--   ak_scope     the onboardings in progress at the move (active at the initial checkpoint),
--                with their Keystone ExternalRef CT-<onboarding id> and candidate
--   ak_onb       per checkpoint, every in-scope onboarding's Crewtide status and start date
--   ak_tasks     per checkpoint, every task of an in-scope onboarding as its Keystone item
--                should be: code via materials/task_codes.csv (no code -> OTHER), title,
--                done or not, the New York date of done-at
--   ak_emp       per checkpoint, every Keystone employee
--   ak_items     per checkpoint, every Keystone onboarding item with its employee's ExternalRef
--   ak_hr        the personal details HR edited in Keystone between run1 and run2 (the hr-edits
--                step's ops, as sent)
CREATE OR REPLACE TEMP VIEW ak_codes AS
    SELECT * FROM (VALUES ('contract', 'CONTRACT'), ('id-check', 'RIGHT-TO-WORK'), ('uniform', 'LANYARD'),
                          ('induction', 'INDUCTION')) t(crewtide_code, keystone_code);

CREATE OR REPLACE TEMP VIEW ak_cps AS SELECT * FROM (VALUES ('cp1'), ('cp2'), ('final')) t(cp);

CREATE OR REPLACE TEMP VIEW ak_scope AS
    SELECT o.id AS onboarding_id, 'CT-' || CAST(o.id AS VARCHAR) AS ref, o.candidate_id
    FROM cp_initial.crewtide_onboardings o WHERE o.status = 'active';

CREATE OR REPLACE TEMP VIEW ak_onb AS
    WITH o AS (
        SELECT 'cp1' AS cp, id, status, start_date FROM cp_cp1.crewtide_onboardings
        UNION ALL SELECT 'cp2', id, status, start_date FROM cp_cp2.crewtide_onboardings
        UNION ALL SELECT 'final', id, status, start_date FROM state.crewtide_onboardings
    )
    SELECT o.cp, s.onboarding_id, s.ref, o.status, CAST(o.start_date AS DATE) AS start_date
    FROM o JOIN ak_scope s ON s.onboarding_id = o.id;

CREATE OR REPLACE TEMP VIEW ak_tasks AS
    WITH t AS (
        SELECT 'cp1' AS cp, id, onboarding_id, code, title, done_at FROM cp_cp1.crewtide_onboarding_tasks
        UNION ALL SELECT 'cp2', id, onboarding_id, code, title, done_at FROM cp_cp2.crewtide_onboarding_tasks
        UNION ALL SELECT 'final', id, onboarding_id, code, title, done_at FROM state.crewtide_onboarding_tasks
    )
    SELECT t.cp, s.ref, t.id AS task_id, coalesce(c.keystone_code, 'OTHER') AS code, t.title,
           t.done_at IS NOT NULL AS done,
           CAST(timezone('America/New_York', CAST(CAST(t.done_at AS VARCHAR) AS TIMESTAMP) AT TIME ZONE 'UTC') AS DATE)
               AS ny_date
    FROM t JOIN ak_scope s ON s.onboarding_id = t.onboarding_id
    LEFT JOIN ak_codes c ON c.crewtide_code = t.code;

CREATE OR REPLACE TEMP VIEW ak_emp AS
    SELECT 'cp1' AS cp, * FROM cp_cp1.keystone_employees
    UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.keystone_employees
    UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.keystone_employees;

CREATE OR REPLACE TEMP VIEW ak_items AS
    WITH i AS (
        SELECT 'cp1' AS cp, * FROM cp_cp1.keystone_onboarding_items
        UNION ALL BY NAME SELECT 'cp2' AS cp, * FROM cp_cp2.keystone_onboarding_items
        UNION ALL BY NAME SELECT 'final' AS cp, * FROM state.keystone_onboarding_items
    )
    SELECT i.cp, e.external_ref AS ref, i.id, i.code, i.title, i.status, CAST(i.done_on AS DATE) AS done_on
    FROM i JOIN ak_emp e ON e.cp = i.cp AND e.id = i.employee_id;

CREATE OR REPLACE TEMP VIEW ak_hr AS
    -- read from the hr-edits step as it was sent (docs/variants.md), not from the written scenario
    WITH ops AS (
        SELECT unnest(CAST(coalesce(data -> '$.sent', json_extract(payload, '$.ops')) AS JSON[])) AS op
        FROM events WHERE type = 'step' AND step = 'hr-edits'
    )
    SELECT op ->> '$.where.external_ref' AS ref, op ->> '$.values.address' AS address,
           op ->> '$.values.phone' AS phone
    FROM ops WHERE op ->> '$.op' = 'update' AND op ->> '$.table' = 'employees';
