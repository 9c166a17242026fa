-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- Shared definitions (not a criterion): the answer key the criteria select from, created on the
-- grading connection before the criteria run (docs/grader.md, "Shared definitions").
--   ak_mut         every op of the scenario's mutate steps, with the result the vendor answered
--   ak_new_fees    the fees other users created during the scenario (ids from the answers)
--   ak_voided      the fees other users voided
--   ak_key_fees    every fee with the amount and status other users gave it; to_split: the
--                  nightly job's work (invoiced without splits at the start, or invoiced later)
--   ak_job         the fees the job had to split: to_split and not voided
--   ak_new_splits  the splits created during the scenario (in the final state, not at the start)
--   ak_credit      materials/credit_sheet.csv; ord = position within the placement
--   ak_split_key   the largest-remainder allocation of every fee with credit-sheet rows
CREATE OR REPLACE TEMP VIEW ak_mut AS
    SELECT json_extract(e.payload, '$.ops[' || i || ']') AS op,
           json_extract(e.result, '$.results[' || i || ']') AS res
    FROM events e, range(CAST(json_array_length(json_extract(e.payload, '$.ops')) AS BIGINT)) r(i)
    WHERE e.type = 'step' AND e.kind = 'mutate' AND e.vendor = 'placemint';

CREATE OR REPLACE TEMP VIEW ak_new_fees AS
    SELECT res ->> '$.ids[0]' AS fee_id, op ->> '$.values.placement_id' AS placement_id,
           CAST(op ->> '$.values.amount_cents' AS BIGINT) AS amount_cents,
           coalesce(op ->> '$.values.status', 'invoiced') AS status
    FROM ak_mut WHERE op ->> '$.op' = 'create' AND op ->> '$.table' = 'fees';

CREATE OR REPLACE TEMP VIEW ak_voided AS
    SELECT DISTINCT unnest(from_json(json_extract(res, '$.ids'), '["VARCHAR"]')) AS fee_id
    FROM ak_mut WHERE op ->> '$.op' = 'update' AND op ->> '$.table' = 'fees' AND op ->> '$.values.status' = 'void';

CREATE OR REPLACE TEMP VIEW ak_key_fees AS
    SELECT f.id AS fee_id, f.placement_id, f.amount_cents,
           CASE WHEN f.id IN (SELECT fee_id FROM ak_voided) THEN 'void' ELSE f.status END AS status,
           f.status = 'invoiced' AND f.split_count = 0 AS to_split
    FROM cp_initial.placemint_fees f
    UNION ALL
    SELECT n.fee_id, n.placement_id, n.amount_cents,
           CASE WHEN n.fee_id IN (SELECT fee_id FROM ak_voided) THEN 'void' ELSE n.status END,
           n.status = 'invoiced'
    FROM ak_new_fees n;

CREATE OR REPLACE TEMP VIEW ak_job AS
    SELECT * FROM ak_key_fees WHERE to_split AND status <> 'void';

CREATE OR REPLACE TEMP VIEW ak_new_splits AS
    SELECT * FROM state.placemint_fee_splits
    WHERE id NOT IN (SELECT id FROM cp_initial.placemint_fee_splits);

-- materials/credit_sheet.csv (fees340_credit_sheet(5))
CREATE OR REPLACE TEMP VIEW ak_credit(placement_id, ord, partner_id, share_bp) AS VALUES
    ('plc_878dc9b30486', 1, 'P-112', 4500), ('plc_878dc9b30486', 2, 'P-104', 4500), ('plc_878dc9b30486', 3, 'P-103', 1000),
    ('plc_813095dec47d', 1, 'P-112', 3333), ('plc_813095dec47d', 2, 'P-104', 3333), ('plc_813095dec47d', 3, 'P-105', 3334),
    ('plc_30ed49de2f53', 1, 'P-109', 3333), ('plc_30ed49de2f53', 2, 'P-108', 3333), ('plc_30ed49de2f53', 3, 'P-102', 3334),
    ('plc_f0c3b761087a', 1, 'P-109', 2000), ('plc_f0c3b761087a', 2, 'P-102', 4000), ('plc_f0c3b761087a', 3, 'P-108', 4000),
    ('plc_d14e6320d8ad', 1, 'P-110', 3334), ('plc_d14e6320d8ad', 2, 'P-107', 3333), ('plc_d14e6320d8ad', 3, 'P-101', 3333),
    ('plc_7b2cb9e5404c', 1, 'P-101', 4000), ('plc_7b2cb9e5404c', 2, 'P-112', 3000), ('plc_7b2cb9e5404c', 3, 'P-109', 3000),
    ('plc_bd4adbabb95e', 1, 'P-107', 4000), ('plc_bd4adbabb95e', 2, 'P-103', 3000), ('plc_bd4adbabb95e', 3, 'P-111', 3000),
    ('plc_24b62c26a6c9', 1, 'P-111', 2000), ('plc_24b62c26a6c9', 2, 'P-107', 4000), ('plc_24b62c26a6c9', 3, 'P-101', 4000),
    ('plc_8a228a5baadb', 1, 'P-103', 5000), ('plc_8a228a5baadb', 2, 'P-107', 2500), ('plc_8a228a5baadb', 3, 'P-105', 2500),
    ('plc_1754257c27d7', 1, 'P-111', 3333), ('plc_1754257c27d7', 2, 'P-109', 3333), ('plc_1754257c27d7', 3, 'P-106', 3334),
    ('plc_f060eed9992b', 1, 'P-107', 7000), ('plc_f060eed9992b', 2, 'P-104', 3000), ('plc_6e4204c34616', 1, 'P-103', 3750),
    ('plc_6e4204c34616', 2, 'P-112', 3750), ('plc_6e4204c34616', 3, 'P-111', 2500), ('plc_388bb97875ba', 1, 'P-108', 3750),
    ('plc_388bb97875ba', 2, 'P-107', 3750), ('plc_388bb97875ba', 3, 'P-103', 2500), ('plc_c3212f51d9ed', 1, 'P-101', 4500),
    ('plc_c3212f51d9ed', 2, 'P-110', 4500), ('plc_c3212f51d9ed', 3, 'P-105', 1000), ('plc_d8194ae4093f', 1, 'P-110', 5000),
    ('plc_d8194ae4093f', 2, 'P-108', 5000), ('plc_c56fe52e4420', 1, 'P-109', 6000), ('plc_c56fe52e4420', 2, 'P-107', 4000),
    ('plc_937808d23df2', 1, 'P-110', 5000), ('plc_937808d23df2', 2, 'P-109', 5000), ('plc_3a6f463fc4ec', 1, 'P-101', 7000),
    ('plc_3a6f463fc4ec', 2, 'P-109', 3000), ('plc_523ec7177f9c', 1, 'P-110', 3334), ('plc_523ec7177f9c', 2, 'P-109', 3333),
    ('plc_523ec7177f9c', 3, 'P-103', 3333), ('plc_ed51f8966919', 1, 'P-109', 4000), ('plc_ed51f8966919', 2, 'P-102', 3000),
    ('plc_ed51f8966919', 3, 'P-105', 3000), ('plc_bcb2ccbf2cad', 1, 'P-110', 7000), ('plc_bcb2ccbf2cad', 2, 'P-109', 3000),
    ('plc_b13e9208f616', 1, 'P-108', 4000), ('plc_b13e9208f616', 2, 'P-104', 3000), ('plc_b13e9208f616', 3, 'P-107', 3000),
    ('plc_84db2ba4cc5a', 1, 'P-108', 2000), ('plc_84db2ba4cc5a', 2, 'P-106', 4000), ('plc_84db2ba4cc5a', 3, 'P-102', 4000),
    ('plc_8c8e6bd2bf15', 1, 'P-112', 2000), ('plc_8c8e6bd2bf15', 2, 'P-110', 4000), ('plc_8c8e6bd2bf15', 3, 'P-106', 4000),
    ('plc_62253b5f84ec', 1, 'P-110', 3334), ('plc_62253b5f84ec', 2, 'P-107', 3333), ('plc_62253b5f84ec', 3, 'P-104', 3333),
    ('plc_fb54de4359a5', 1, 'P-112', 3334), ('plc_fb54de4359a5', 2, 'P-109', 3333), ('plc_fb54de4359a5', 3, 'P-110', 3333),
    ('plc_6739a2c5f104', 1, 'P-108', 5000), ('plc_6739a2c5f104', 2, 'P-109', 5000), ('plc_980efeee3461', 1, 'P-109', 5000),
    ('plc_980efeee3461', 2, 'P-102', 2500), ('plc_980efeee3461', 3, 'P-104', 2500), ('plc_5a0519677898', 1, 'P-106', 3750),
    ('plc_5a0519677898', 2, 'P-101', 3750), ('plc_5a0519677898', 3, 'P-109', 2500), ('plc_276adc55df23', 1, 'P-110', 2000),
    ('plc_276adc55df23', 2, 'P-105', 4000), ('plc_276adc55df23', 3, 'P-107', 4000), ('plc_dabc5223e257', 1, 'P-110', 5000),
    ('plc_dabc5223e257', 2, 'P-101', 2500), ('plc_dabc5223e257', 3, 'P-107', 2500), ('plc_c879a422c138', 1, 'P-110', 5000),
    ('plc_c879a422c138', 2, 'P-109', 2500), ('plc_c879a422c138', 3, 'P-104', 2500), ('plc_6380e73d3a94', 1, 'P-111', 7000),
    ('plc_6380e73d3a94', 2, 'P-106', 3000), ('plc_877b6ac8d3e8', 1, 'P-107', 2000), ('plc_877b6ac8d3e8', 2, 'P-108', 4000),
    ('plc_877b6ac8d3e8', 3, 'P-109', 4000), ('plc_0ba57f66fc37', 1, 'P-109', 3333), ('plc_0ba57f66fc37', 2, 'P-102', 3333),
    ('plc_0ba57f66fc37', 3, 'P-104', 3334), ('plc_ae04c2cc1658', 1, 'P-101', 5000), ('plc_ae04c2cc1658', 2, 'P-110', 5000),
    ('plc_182bab017171', 1, 'P-104', 5000), ('plc_182bab017171', 2, 'P-111', 2500), ('plc_182bab017171', 3, 'P-109', 2500),
    ('plc_5697587cffb1', 1, 'P-108', 5000), ('plc_5697587cffb1', 2, 'P-112', 2500), ('plc_5697587cffb1', 3, 'P-104', 2500),
    ('plc_30d59723b9e4', 1, 'P-108', 3334), ('plc_30d59723b9e4', 2, 'P-102', 3333), ('plc_30d59723b9e4', 3, 'P-110', 3333),
    ('plc_790dfe6aa260', 1, 'P-112', 5000), ('plc_790dfe6aa260', 2, 'P-102', 5000), ('plc_5457b52d1db1', 1, 'P-111', 5000),
    ('plc_5457b52d1db1', 2, 'P-104', 5000), ('plc_1d2efb0798b3', 1, 'P-104', 5000), ('plc_1d2efb0798b3', 2, 'P-112', 2500),
    ('plc_1d2efb0798b3', 3, 'P-111', 2500), ('plc_dadcae7dd648', 1, 'P-106', 7000), ('plc_dadcae7dd648', 2, 'P-109', 3000),
    ('plc_c5a0bae12009', 1, 'P-102', 4500), ('plc_c5a0bae12009', 2, 'P-109', 4500), ('plc_c5a0bae12009', 3, 'P-110', 1000),
    ('plc_70a1a62c8811', 1, 'P-107', 4000), ('plc_70a1a62c8811', 2, 'P-109', 3000), ('plc_70a1a62c8811', 3, 'P-101', 3000),
    ('plc_001e94470a4d', 1, 'P-105', 6000), ('plc_001e94470a4d', 2, 'P-107', 4000), ('plc_0f1bec9354ca', 1, 'P-106', 3750),
    ('plc_0f1bec9354ca', 2, 'P-103', 3750), ('plc_0f1bec9354ca', 3, 'P-112', 2500), ('plc_2f1c267172e1', 1, 'P-101', 3750),
    ('plc_2f1c267172e1', 2, 'P-106', 3750), ('plc_2f1c267172e1', 3, 'P-111', 2500), ('plc_c801872373c2', 1, 'P-106', 3750),
    ('plc_c801872373c2', 2, 'P-112', 3750), ('plc_c801872373c2', 3, 'P-108', 2500), ('plc_1061be3211f6', 1, 'P-104', 7000),
    ('plc_1061be3211f6', 2, 'P-101', 3000), ('plc_ad3cf929f011', 1, 'P-111', 5000), ('plc_ad3cf929f011', 2, 'P-112', 2500),
    ('plc_ad3cf929f011', 3, 'P-110', 2500), ('plc_4949248fddeb', 1, 'P-112', 7000), ('plc_4949248fddeb', 2, 'P-108', 3000),
    ('plc_3e8b43777a0c', 1, 'P-105', 7000), ('plc_3e8b43777a0c', 2, 'P-102', 3000), ('plc_02f626739b7e', 1, 'P-105', 2000),
    ('plc_02f626739b7e', 2, 'P-101', 4000), ('plc_02f626739b7e', 3, 'P-103', 4000), ('plc_9362d363c93f', 1, 'P-105', 7000),
    ('plc_9362d363c93f', 2, 'P-110', 3000), ('plc_e76b3232faee', 1, 'P-108', 7000), ('plc_e76b3232faee', 2, 'P-106', 3000),
    ('plc_c30d47a2acb4', 1, 'P-109', 3333), ('plc_c30d47a2acb4', 2, 'P-107', 3333), ('plc_c30d47a2acb4', 3, 'P-105', 3334),
    ('plc_bb21a784a288', 1, 'P-107', 2000), ('plc_bb21a784a288', 2, 'P-105', 4000), ('plc_bb21a784a288', 3, 'P-108', 4000),
    ('plc_57dd5c4ba6c5', 1, 'P-101', 3750), ('plc_57dd5c4ba6c5', 2, 'P-106', 3750), ('plc_57dd5c4ba6c5', 3, 'P-107', 2500),
    ('plc_5b622db22792', 1, 'P-101', 5000), ('plc_5b622db22792', 2, 'P-103', 5000), ('plc_663de9e2dd6d', 1, 'P-103', 5000),
    ('plc_663de9e2dd6d', 2, 'P-112', 2500), ('plc_663de9e2dd6d', 3, 'P-105', 2500), ('plc_993abfebf6c8', 1, 'P-111', 3750),
    ('plc_993abfebf6c8', 2, 'P-103', 3750), ('plc_993abfebf6c8', 3, 'P-108', 2500), ('plc_e0f7b09f0a6b', 1, 'P-108', 4500),
    ('plc_e0f7b09f0a6b', 2, 'P-103', 4500), ('plc_e0f7b09f0a6b', 3, 'P-106', 1000), ('plc_140cb79e5e56', 1, 'P-101', 6000),
    ('plc_140cb79e5e56', 2, 'P-105', 4000), ('plc_e3b281075b05', 1, 'P-102', 5000), ('plc_e3b281075b05', 2, 'P-107', 2500),
    ('plc_e3b281075b05', 3, 'P-110', 2500), ('plc_53e3750b6229', 1, 'P-104', 3333), ('plc_53e3750b6229', 2, 'P-105', 3333),
    ('plc_53e3750b6229', 3, 'P-109', 3334), ('plc_9a9a3cc8b7bb', 1, 'P-104', 3750), ('plc_9a9a3cc8b7bb', 2, 'P-103', 3750),
    ('plc_9a9a3cc8b7bb', 3, 'P-112', 2500), ('plc_797cf75bd621', 1, 'P-103', 3333), ('plc_797cf75bd621', 2, 'P-106', 3333),
    ('plc_797cf75bd621', 3, 'P-111', 3334), ('plc_4679e2427cba', 1, 'P-102', 4000), ('plc_4679e2427cba', 2, 'P-107', 3000),
    ('plc_4679e2427cba', 3, 'P-104', 3000), ('plc_5d9d304794ba', 1, 'P-103', 3750), ('plc_5d9d304794ba', 2, 'P-111', 3750),
    ('plc_5d9d304794ba', 3, 'P-105', 2500), ('plc_17fdb0fdaf7b', 1, 'P-106', 5000), ('plc_17fdb0fdaf7b', 2, 'P-110', 2500),
    ('plc_17fdb0fdaf7b', 3, 'P-103', 2500), ('plc_05df56b9dcd4', 1, 'P-110', 2000), ('plc_05df56b9dcd4', 2, 'P-101', 4000),
    ('plc_05df56b9dcd4', 3, 'P-103', 4000), ('plc_ee6967ca8601', 1, 'P-106', 2000), ('plc_ee6967ca8601', 2, 'P-110', 4000),
    ('plc_ee6967ca8601', 3, 'P-108', 4000), ('plc_7f446acb437d', 1, 'P-106', 5000), ('plc_7f446acb437d', 2, 'P-102', 5000),
    ('plc_9fb1c495a515', 1, 'P-103', 3334), ('plc_9fb1c495a515', 2, 'P-112', 3333), ('plc_9fb1c495a515', 3, 'P-111', 3333),
    ('plc_2d85af20d0b9', 1, 'P-110', 3750), ('plc_2d85af20d0b9', 2, 'P-112', 3750), ('plc_2d85af20d0b9', 3, 'P-102', 2500),
    ('plc_6d5e65a8966e', 1, 'P-109', 3334), ('plc_6d5e65a8966e', 2, 'P-106', 3333), ('plc_6d5e65a8966e', 3, 'P-102', 3333),
    ('plc_58e9fd84ce30', 1, 'P-104', 5000), ('plc_58e9fd84ce30', 2, 'P-111', 2500), ('plc_58e9fd84ce30', 3, 'P-105', 2500),
    ('plc_c1532e963c25', 1, 'P-105', 4000), ('plc_c1532e963c25', 2, 'P-106', 3000), ('plc_c1532e963c25', 3, 'P-112', 3000),
    ('plc_1e9258116bbd', 1, 'P-111', 3333), ('plc_1e9258116bbd', 2, 'P-106', 3333), ('plc_1e9258116bbd', 3, 'P-110', 3334),
    ('plc_337e2dfd6ef8', 1, 'P-103', 3334), ('plc_337e2dfd6ef8', 2, 'P-109', 3333), ('plc_337e2dfd6ef8', 3, 'P-104', 3333),
    ('plc_0bddee6bd074', 1, 'P-112', 3333), ('plc_0bddee6bd074', 2, 'P-109', 3333), ('plc_0bddee6bd074', 3, 'P-107', 3334),
    ('plc_51d16d578d3d', 1, 'P-107', 3750), ('plc_51d16d578d3d', 2, 'P-101', 3750), ('plc_51d16d578d3d', 3, 'P-112', 2500),
    ('plc_7c21f01d54e8', 1, 'P-101', 7000), ('plc_7c21f01d54e8', 2, 'P-109', 3000), ('plc_fbb70f30749a', 1, 'P-112', 5000),
    ('plc_fbb70f30749a', 2, 'P-102', 5000), ('plc_0685d450d38b', 1, 'P-105', 5000), ('plc_0685d450d38b', 2, 'P-104', 5000),
    ('plc_37636acf9cbf', 1, 'P-102', 4000), ('plc_37636acf9cbf', 2, 'P-109', 3000), ('plc_37636acf9cbf', 3, 'P-106', 3000),
    ('plc_99e7f6346c1f', 1, 'P-101', 3333), ('plc_99e7f6346c1f', 2, 'P-109', 3333), ('plc_99e7f6346c1f', 3, 'P-106', 3334),
    ('plc_12dd05438084', 1, 'P-106', 7000), ('plc_12dd05438084', 2, 'P-108', 3000), ('plc_eb17a3295997', 1, 'P-104', 7000),
    ('plc_eb17a3295997', 2, 'P-105', 3000), ('plc_6c52a9bad3dd', 1, 'P-103', 5000), ('plc_6c52a9bad3dd', 2, 'P-108', 2500),
    ('plc_6c52a9bad3dd', 3, 'P-107', 2500), ('plc_f299a2cfd640', 1, 'P-112', 5000), ('plc_f299a2cfd640', 2, 'P-110', 2500),
    ('plc_f299a2cfd640', 3, 'P-111', 2500), ('plc_20c1add62d04', 1, 'P-102', 5000), ('plc_20c1add62d04', 2, 'P-106', 5000),
    ('plc_08fef65ab5ec', 1, 'P-101', 7000), ('plc_08fef65ab5ec', 2, 'P-103', 3000), ('plc_f2d8861fb206', 1, 'P-106', 3750),
    ('plc_f2d8861fb206', 2, 'P-112', 3750), ('plc_f2d8861fb206', 3, 'P-109', 2500), ('plc_dc30bbe7c0b3', 1, 'P-108', 5000),
    ('plc_dc30bbe7c0b3', 2, 'P-101', 5000), ('plc_0ef6f5c871ac', 1, 'P-102', 4000), ('plc_0ef6f5c871ac', 2, 'P-105', 3000),
    ('plc_0ef6f5c871ac', 3, 'P-104', 3000), ('plc_35ec2665ff72', 1, 'P-107', 5000), ('plc_35ec2665ff72', 2, 'P-101', 2500),
    ('plc_35ec2665ff72', 3, 'P-106', 2500), ('plc_8a2ff83d3c51', 1, 'P-101', 7000), ('plc_8a2ff83d3c51', 2, 'P-110', 3000),
    ('plc_b7a37143a7b4', 1, 'P-109', 5000), ('plc_b7a37143a7b4', 2, 'P-110', 2500), ('plc_b7a37143a7b4', 3, 'P-101', 2500),
    ('plc_2ea722423144', 1, 'P-112', 5000), ('plc_2ea722423144', 2, 'P-109', 5000), ('plc_7017cc13cead', 1, 'P-101', 4500),
    ('plc_7017cc13cead', 2, 'P-107', 4500), ('plc_7017cc13cead', 3, 'P-104', 1000);

CREATE OR REPLACE TEMP VIEW ak_split_key AS
    WITH alloc AS (
        SELECT f.fee_id, c.partner_id, c.ord, f.amount_cents,
               (f.amount_cents * c.share_bp) // 10000 AS base,
               (f.amount_cents * c.share_bp) % 10000 AS rem
        FROM ak_key_fees f JOIN ak_credit c ON c.placement_id = f.placement_id
    ), ranked AS (
        SELECT *, row_number() OVER (PARTITION BY fee_id ORDER BY rem DESC, ord) AS rk,
               amount_cents - sum(base) OVER (PARTITION BY fee_id) AS leftover
        FROM alloc
    )
    -- floors, then the leftover cents to the largest remainders, ties to the partner listed first
    SELECT fee_id, partner_id, base + CASE WHEN rk <= leftover THEN 1 ELSE 0 END AS amount
    FROM ranked;
