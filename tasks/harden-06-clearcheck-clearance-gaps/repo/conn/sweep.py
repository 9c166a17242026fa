# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`sweep`: hourly reconciliation of the gate with ClearCheck (it orders nothing).

Lists the checks that changed since the previous sweep (ClearCheck's `updated_since`, from the
`Date` of the previous sweep's first answer; everything on the first sweep) and writes each
into the gate, the result taken from the check's report."""
import json
import sys

import requests

from conn import config, store
from conn.clearcheck import ClearCheck


def load_state() -> dict:
    path = config.sweep_state_file()
    return json.loads(path.read_text()) if path.exists() else {}


def save_state(state: dict) -> None:
    path = config.sweep_state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state))


def sweep() -> int:
    cc = ClearCheck()
    db = store.connect()
    state = load_state()
    params = {"limit": 25}
    if state.get("since"):
        params["updated_since"] = state["since"]
    resp = cc.get("/v1/checks", params)
    started = resp.headers.get("Date")
    seen = 0
    while True:
        page = resp.json()
        for check in page["data"]:
            result = None
            if check["status"] == "complete" and check.get("report_id"):
                try:
                    result = cc.get(f"/v1/reports/{check['report_id']}").json()["result"]
                except requests.HTTPError as exc:
                    print(f"sweep: report of {check['id']} not available ({exc}); next sweep", file=sys.stderr)
                    continue
            store.upsert(db, check, result)
            seen += 1
        if not page.get("next_cursor"):
            break
        resp = cc.get("/v1/checks", {"cursor": page["next_cursor"], "limit": 25})
    if started:
        from email.utils import parsedate_to_datetime

        state["since"] = parsedate_to_datetime(started).strftime("%Y-%m-%dT%H:%M:%SZ")
    save_state(state)
    print(f"sweep: {seen} checks reconciled", file=sys.stderr)
    return 0
