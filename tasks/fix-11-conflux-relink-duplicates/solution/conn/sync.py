# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync: the first run loads every candidate of the Quillon account, later runs ask
Conflux only for what changed since the previous run, and the dashboard file is rewritten.

- Candidates are kept by `remote_id` (Greenhouse's id): a re-link gives every record a new
  Conflux `id`, and the new id replaces the old one in the row.
- Candidates deleted in Greenhouse (`remote_was_deleted`) leave the store. A deleted record is
  not always a removed person: Quillon's account still holds, for some people, their record from
  before the March re-link (an old Conflux id, remote-deleted) next to their live re-imported one
  with the same remote_id, and a re-link stamps both. So a remote_id leaves only when the walk
  brought no live record of it (a person removed in Greenhouse has none left).
- The watermark is on Conflux's clock: the `Date` of the walk's first answer, less a second
  (Date has second resolution, modified_after is strictly after). It is stored and sent as
  ISO-8601 with `Z` (Conflux refuses a date-time without a zone).
- Nothing is written unless the walk completed: a failed night keeps yesterday's dashboard and
  state and exits 1."""
from __future__ import annotations

from datetime import timedelta

from conn import dashboard, state
from conn.conflux import Conflux, ConfluxError


def run_sync() -> int:
    api = Conflux()
    saved = state.load()
    since = saved.get("since") if isinstance(saved.get("since"), str) and saved.get("by") == "remote_id" else None
    store: dict[str, dict] = saved.get("candidates", {}) if since else {}
    params = {"modified_after": since} if since else {}
    seen = removed = 0
    watermark = None
    try:
        live: set[str] = set()  # remote ids this walk brought a live record of
        gone: set[str] = set()  # remote ids this walk brought a remote-deleted record of
        for cand in api.walk("/candidates", params):
            if watermark is None and api.last_date is not None:
                watermark = api.last_date - timedelta(seconds=1)
            seen += 1
            key = str(cand["remote_id"])
            if cand.get("remote_was_deleted"):
                gone.add(key)
            else:
                store[key] = dashboard.row(cand)
                live.add(key)
        for key in gone - live:
            removed += store.pop(key, None) is not None
        if watermark is None:
            if api.last_date is None:
                raise ConfluxError("no Date header from Conflux: cannot place the next watermark")
            watermark = api.last_date - timedelta(seconds=1)
    except ConfluxError as exc:
        print(f"sync: {exc}; the dashboard keeps its previous data")
        return 1
    dashboard.write(list(store.values()))
    state.save({"by": "remote_id", "since": watermark.strftime("%Y-%m-%dT%H:%M:%SZ"), "candidates": store})
    print(f"sync: {seen} changed ({removed} removed), {len(store)} on the dashboard")
    return 0
