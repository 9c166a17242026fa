# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`sweep`: hourly reconciliation of the gate with ClearCheck (it orders nothing).

The first sweep (no state yet) reads the whole account once. After that a sweep lists only the
checks that changed since the previous sweep with `updated_since` (ClearCheck bills every check
its API returns, and a finished check never changes again), on ClearCheck's clock (the `Date` of
the previous sweep's first answer) minus an overlap: ClearCheck releases a finished check some
time after its research ended (its `completed_at`, which is also its `updated_at`): about 90 s
for a clear result, about 3 h for a consider (a second review), so a check can turn up complete
with an `updated_at` hours older than the previous sweep. The overlap is twice the longest hold
ClearCheck showed. Status, result and decided_at come from the check itself: reports expire
(410), the outcome stays on the check. Writes merge, never backwards."""
import json
import sys
from datetime import timedelta
from email.utils import parsedate_to_datetime

from conn import config, store
from conn.clearcheck import ClearCheck

OVERLAP = timedelta(hours=6)


def load_state() -> dict:
    path = config.sweep_state_file()
    return json.loads(path.read_text()) if path.exists() else {}


def save_state(state: dict) -> None:
    path = config.sweep_state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state))
    tmp.replace(path)


def sweep() -> int:
    cc = ClearCheck()
    db = store.connect()
    state = load_state()
    params = {"limit": 100}
    if state.get("since"):
        params["updated_since"] = state["since"]
    resp = cc.get("/v1/checks", params)
    started = resp.headers.get("Date")
    seen = moved = 0
    while True:
        page = resp.json()
        for check in page["data"]:
            moved += store.merge(db, check)
            seen += 1
        if not page.get("next_cursor"):
            break
        resp = cc.get("/v1/checks", {"cursor": page["next_cursor"], "limit": 100})
    if started:
        since = parsedate_to_datetime(started) - OVERLAP
        state["since"] = since.strftime("%Y-%m-%dT%H:%M:%SZ")
    save_state(state)
    print(f"sweep: {seen} checks read, {moved} changed in the gate", file=sys.stderr)
    return 0
