-- check: no_proxy_bypass
-- Requests that reached a vendor around the proxy: rows of the vendor-side bypass log (state
-- tables <vendor>_bypass_log in any checkpoint, de-duplicated across checkpoints) and harness
-- events of type `bypass`.
-- @with
entries AS (
    {{!entries}}
)
-- @evidence
SELECT {{n_tables}} + (SELECT count(*) FROM all_events WHERE type = 'bypass' AND {{!vendor_filter}})
-- @violations
SELECT vendor, min(source) AS first_seen_in, entry
FROM entries GROUP BY vendor, entry
