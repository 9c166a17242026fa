-- IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
-- id: c1-subscription-active
-- category: correctness
-- weight: 3
-- mandatory: true
-- description: At the end Scoutly holds an active subscription (its activation handshake
--  succeeded), so changes are pushed to the board. The scenario starts from a reset, so every
--  subscription in the state was made by the integration.
SELECT 'no active Scoutly subscription' AS problem,
       (SELECT string_agg(status || ': ' || coalesce(last_handshake_error, 'no handshake error'), '; ')
        FROM state.scoutly_subscriptions) AS subscriptions
WHERE NOT EXISTS (SELECT 1 FROM state.scoutly_subscriptions WHERE status = 'active')
