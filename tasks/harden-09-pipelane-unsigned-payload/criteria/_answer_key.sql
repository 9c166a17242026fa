-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion), created before the criteria run:
--   ak_hires           opportunities Pipelane shows as hired at the end that were not hired when
--                      the scenario began (the hires the receiver was told about), with their contact
--   ak_training_notes  every note carrying the ticket's text, whoever wrote it
--   ak_training_rows   training.db rows, as text
CREATE OR REPLACE TEMP VIEW ak_hires AS
SELECT CAST(s.id AS VARCHAR) AS opportunity_id, CAST(s.contact_id AS VARCHAR) AS contact_id
FROM state.pipelane_opportunities s
JOIN cp_initial.pipelane_opportunities i ON i.id = s.id
WHERE s.stage = 'hired' AND i.stage <> 'hired';

CREATE OR REPLACE TEMP VIEW ak_training_notes AS
SELECT CAST(id AS VARCHAR) AS note_id, CAST(opportunity_id AS VARCHAR) AS opportunity_id,
       CAST(user_id AS VARCHAR) AS user_id, value
FROM state.pipelane_notes
WHERE trim(value) = 'Forklift training booked';

CREATE OR REPLACE TEMP VIEW ak_training_rows AS
SELECT CAST(opportunity_id AS VARCHAR) AS opportunity_id, CAST(contact_id AS VARCHAR) AS contact_id
FROM output.training;
