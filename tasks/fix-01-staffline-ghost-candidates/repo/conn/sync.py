# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync: StaffLine candidates and applications into the dashboard mirror.

The first run loads everything; later runs fetch what changed since the previous run and
apply StaffLine's deletions (the /v1/deleted tombstone feed)."""
from __future__ import annotations

from conn import state as state_store
from conn.mirror import Mirror
from conn.staffline import ApiError, StaffLine


def apply_tombstones(mirror: Mirror, entries: list[dict]) -> int:
    removed = 0
    for entry in entries:
        if entry["type"] == "candidate":
            mirror.delete_candidate(entry["id"])
            removed += 1
    return removed


def run_sync() -> int:
    api = StaffLine()
    mirror = Mirror()
    previous = state_store.load()
    try:
        if previous is None:
            params = ""
        else:
            params = f"updated_since={previous['watermark']}"
        candidates = list(api.walk("/v1/candidates", params))
        started = api.server_now()  # StaffLine's time (known once it has answered); see the overlap below
        applications = list(api.walk("/v1/applications", params))
        mirror.upsert("candidates", candidates)
        mirror.upsert("applications", applications)
        removed = 0
        if previous is not None:
            page = api.get(f"/v1/deleted?since={previous['deleted_since']}&start=0&count=100")
            removed = apply_tombstones(mirror, page["data"])
        mirror.commit()
    except ApiError as exc:
        print(f"sync: {exc}")
        mirror.close()
        return 1
    state_store.save({"watermark": mirror.max_updated_at(), "deleted_since": started - 60})
    print(f"sync: {len(candidates)} candidates and {len(applications)} applications upserted, "
          f"{removed} deleted; mirror holds {mirror.count('candidates')} candidates, "
          f"{mirror.count('applications')} applications")
    mirror.close()
    return 0
