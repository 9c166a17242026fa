# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`sweep`: reconcile the gate with ClearCheck every hour (it orders nothing).

ClearCheck bills each check its API hands us, and a finished check never changes, so only the
first sweep (nothing in the state folder yet) walks the whole account. Later sweeps ask for
  1. the checks updated since the previous sweep's first answer (ClearCheck's Date, less ten
     minutes for clock slack), and
  2. the checks still open (`status=pending,in_progress`): ClearCheck may show a check complete
     later than its completed_at, with an updated_at older than any watermark; a check the gate
     holds open that is in neither answer has left the open states and is read by id.
Results come from the check (reports expire)."""
import json
import sys
from datetime import timedelta
from email.utils import parsedate_to_datetime

from conn import config, store
from conn.clearcheck import ClearCheck

SLACK = timedelta(minutes=10)


def _walk(cc: ClearCheck, params: dict) -> tuple[list[dict], str | None]:
    out, date, query = [], None, dict(params, limit=100)
    while True:
        resp = cc.get("/v1/checks", query)
        date = date or resp.headers.get("date")
        page = resp.json()
        out.extend(page.get("data", []))
        if not page.get("next_cursor"):
            return out, date
        query = {"cursor": page["next_cursor"], "limit": 100}


def sweep() -> int:
    cc = ClearCheck()
    db = store.connect()
    state_file = config.sweep_state_file()
    state = json.loads(state_file.read_text()) if state_file.exists() else {}
    counts = {"new": 0, "updated": 0, "kept": 0}
    if not state.get("mark"):
        checks, date = _walk(cc, {})
    else:
        checks, date = _walk(cc, {"updated_since": state["mark"]})
        still_open, _ = _walk(cc, {"status": "pending,in_progress"})
        checks += still_open
        answered = {c.get("id") for c in checks}
        held_open = [r[0] for r in db.execute(
            "SELECT check_id FROM badge_gate WHERE status IN ('pending', 'in_progress')")]
        for cid in held_open:
            if cid not in answered:
                checks.append(cc.get(f"/v1/checks/{cid}").json())
    for check in checks:
        counts[store.apply(db, check)] += 1
    if date:
        mark = parsedate_to_datetime(date) - SLACK
        state["mark"] = mark.strftime("%Y-%m-%dT%H:%M:%SZ")
        state_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = state_file.with_name(state_file.name + ".new")
        tmp.write_text(json.dumps(state))
        tmp.replace(state_file)
    sys.stderr.write(f"sweep: {counts}\n")
    return 0
