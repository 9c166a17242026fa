# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync: the first run loads every candidate of the Quillon account, later runs ask
Conflux only for what changed since the previous run, and the dashboard file is rewritten."""
from __future__ import annotations

import time
from datetime import datetime

from conn import dashboard, state
from conn.conflux import Conflux, ConfluxError, Disconnected


def run_sync() -> int:
    api = Conflux()
    saved = state.load()
    store: dict[str, dict] = saved.get("candidates", {})
    started = time.time()
    params = {}
    if saved.get("since") is not None:
        since = datetime.utcfromtimestamp(saved["since"])
        params["modified_after"] = since.isoformat(timespec="seconds")
    try:
        changed = 0
        for cand in api.walk("/candidates", params):
            store[cand["id"]] = dashboard.row(cand)
            changed += 1
    except Disconnected as exc:
        # The link is gone: show nothing rather than candidates we can no longer vouch for, and
        # load everything again once Quillon's IT has re-linked the ATS.
        print(f"sync: the Quillon account is disconnected ({exc}); dashboard cleared")
        dashboard.write([])
        state.save({"candidates": store})
        return 0
    except ConfluxError as exc:
        print(f"sync: {exc}; the dashboard keeps yesterday's data")
        return 1
    dashboard.write(list(store.values()))
    state.save({"since": started, "candidates": store})
    print(f"sync: {changed} candidates changed, {len(store)} on the dashboard")
    return 0
