-- The shared request timeline (Context.requests_table): every request to a vendor with
-- pointers along two orders, per phase and by start time: the same vendor + method + path
-- (prev_req / next_req) and the same vendor (prev_ven).
-- Built over every phase (all_exchanges) because it is shared by checks of different scopes: its
-- pointers never cross a phase, and each check keeps only the rows of its own scope.
CREATE OR REPLACE TEMP TABLE lib_req AS
SELECT seq, phase, vendor, upper(method) AS method, path, started_at, ended_at, status,
       client_saw, fault, fault_action,
       lag(seq) OVER wr AS prev_req, lead(seq) OVER wr AS next_req,
       lag(seq) OVER wv AS prev_ven
FROM all_exchanges
WHERE direction = 'to_vendor'
WINDOW wr AS (PARTITION BY phase, vendor, upper(method), path ORDER BY started_at, seq),
       wv AS (PARTITION BY phase, vendor ORDER BY started_at, seq)
