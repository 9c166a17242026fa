# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`snapshot`: every Scoutly candidate, with its values as they are at the end of the run.

The list is walked by creation order (an edit does not move a record in it), one page after
another; records edited while the walk ran are then read again with `updatedAfter` = Scoutly's
time when the walk started (its Date header, less a margin: the header has whole seconds), and
again from the start of that pass until a pass brings nothing new. A walk during which the list
changed size (an erasure moves every later record up one position) is made again; a count that
no longer matches Scoutly's at the end means no snapshot is written."""
from __future__ import annotations

from conn import store
from conn.scoutly import Scoutly, ScoutlyError, before, iso

MARGIN_S = 1
MAX_PASSES = 6


def run_snapshot() -> int:
    api = Scoutly()
    try:
        items, started = api.walk("/v1/candidates")
        by_id = {c["id"]: store.row(c) for c in items}
        total, refreshed = len(by_id), 0
        for _ in range(MAX_PASSES):
            if started is None:  # no Date header: walk once more instead
                items, started = api.walk("/v1/candidates")
            else:
                items, started_next = api.walk("/v1/candidates", {"updatedAfter": iso(before(started, MARGIN_S))})
                started = started_next
            fresh = [c for c in items if by_id.get(c["id"]) != store.row(c)]
            for c in fresh:
                by_id[c["id"]] = store.row(c)
            refreshed += len(fresh)
            if not fresh:
                break
        # An erasure during the catch-up passes leaves a row Scoutly no longer has: do not write then.
        now_total = int(api.get("/v1/candidates", {"limit": 1})[0].get("totalFound") or 0)
        if now_total != len(by_id):
            raise ScoutlyError(f"{len(by_id)} candidates read, Scoutly now holds {now_total}")
    except ScoutlyError as exc:
        print(f"snapshot: {exc}")
        return 1
    finally:
        api.close()
    n = store.write(sorted(by_id.values(), key=lambda r: r["id"]))
    print(f"snapshot: {n} candidates ({total} in the walk, {refreshed} read again after an edit)")
    return 0
