-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-riders-listed
-- category: correctness
-- weight: 6
-- mandatory: true
-- description: After each morning (cp1, final) every application to a rider job that was on Workwell
--   before the first run is on the list, with Workwell's first name, last name, e-mail, phone, job
--   shortcode, job title and application time as Workwell has them that morning (v2: after the
--   second morning, the details six riders corrected overnight and the re-titled job's new title).
--   Binary: the starter loses 62 of 813, so partial credit would hand it almost all of this weight.
SELECT hex_id AS candidate_id, checkpoint, problem
FROM ak_compared
WHERE at_reset AND problem <> ''
