-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c3-no-duplicates
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: After the next night's run and after the check run, no two live candidates share an
--  e-mail (ignoring case and spaces) or, one of them without e-mail, the same phone digits and last name
--  (the ticket's same person), and no candidate has two applications on one job. Fails when nothing was
--  migrated by the next night (no candidate beside the pilot's).
WITH em AS (
    SELECT cp, id, unnest(emails) AS e FROM ak_cand
), ph AS (
    SELECT cp, id, last_name, len(emails) AS n_emails, unnest(phones) AS d FROM ak_cand
)
SELECT cp, e AS key, string_agg(CAST(id AS VARCHAR), ',') AS ids, 'candidates sharing an e-mail' AS problem
FROM em GROUP BY cp, e HAVING count(DISTINCT id) > 1
UNION ALL
SELECT a.cp, a.d || ' ' || a.last_name, CAST(a.id AS VARCHAR) || ',' || CAST(b.id AS VARCHAR),
       'candidates with the same phone and last name, one without e-mail'
FROM ph a JOIN ph b ON a.cp = b.cp AND a.id < b.id AND a.d = b.d AND a.last_name = b.last_name AND a.d <> ''
WHERE a.n_emails = 0 OR b.n_emails = 0
UNION ALL
SELECT cp, CAST(candidate_id AS VARCHAR) || ' on job ' || CAST(job_id AS VARCHAR), string_agg(CAST(id AS VARCHAR), ','),
       'applications of one candidate on one job'
FROM ak_apps GROUP BY cp, candidate_id, job_id HAVING count(*) > 1
UNION ALL
SELECT 'cp2', NULL, NULL, 'nothing was migrated by the next night'
WHERE NOT EXISTS (SELECT 1 FROM ak_cand WHERE cp = 'cp2' AND id NOT IN (SELECT id FROM ak_pilot_cands))
