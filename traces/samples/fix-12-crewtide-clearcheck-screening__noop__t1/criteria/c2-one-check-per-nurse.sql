-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c2-one-check-per-nurse
-- category: integrity
-- weight: 5
-- mandatory: true
-- description: After every cycle no nurse has two checks that are not cancelled (the old job's
--  open duplicates in ClearCheck's history are cancelled by the first cycle), nothing is ordered
--  under an external_id that is not a hired nurse's candidate id, and a nurse gets a new order only
--  when they had no live check at the start or ClearCheck cancelled theirs (each order is paid
--  for). Guarded: no order at all proves nothing.
-- Checks ClearCheck itself cancelled during the scenario (the mutate steps' updated ids): each one
-- entitles its nurse to one more order (the ticket's rule 3).
WITH cc_cancelled_by_clearcheck AS (
    SELECT k.id, k.external_id
    FROM state.clearcheck_checks k
    WHERE k.id IN (
        SELECT unnest(from_json(r.value -> 'ids', '["VARCHAR"]'))
        FROM events e, unnest(from_json(e.result -> 'results', '["JSON"]')) r(value)
        WHERE e.type = 'step' AND e.kind = 'mutate' AND e.vendor = 'clearcheck'
          AND e.payload::VARCHAR LIKE '%cancelled%' AND r.value ->> 'table' = 'checks')
      AND k.status = 'cancelled'
)
SELECT cp, CAST(candidate_id AS VARCHAR) AS who, count(*) || ' live checks' AS problem
FROM hire_checks WHERE status <> 'cancelled'
GROUP BY cp, candidate_id HAVING count(*) > 1
UNION ALL
SELECT k.cp, k.external_id, 'ordered for no hired nurse: ' || k.id
FROM cc_checks k
WHERE k.id NOT IN (SELECT id FROM cp_initial.clearcheck_checks)
  AND NOT EXISTS (SELECT 1 FROM hires h WHERE h.cp = k.cp AND CAST(h.candidate_id AS VARCHAR) = k.external_id)
UNION ALL
SELECT 'final', n.external_id, n.ordered || ' checks ordered, ' || n.allowed || ' allowed'
FROM (SELECT k.external_id, count(*) AS ordered,
             max(CASE WHEN EXISTS (SELECT 1 FROM cp_initial.clearcheck_checks i
                                   WHERE i.external_id = k.external_id AND i.status <> 'cancelled')
                      THEN 0 ELSE 1 END)
             + (SELECT count(*) FROM cc_cancelled_by_clearcheck x WHERE x.external_id = k.external_id) AS allowed
      FROM state.clearcheck_checks k
      WHERE k.id NOT IN (SELECT id FROM cp_initial.clearcheck_checks)
      GROUP BY k.external_id) n
WHERE n.ordered > n.allowed
UNION ALL
SELECT 'final', NULL, 'no check was ordered' WHERE NOT EXISTS (SELECT 1 FROM state.clearcheck_checks)
