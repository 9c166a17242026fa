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
            mirror.delete_candidate(entry["id"])  # and their applications
            removed += 1
        elif entry["type"] == "application":
            mirror.delete_application(entry["id"])
    return removed


def run_sync() -> int:
    api = StaffLine()
    mirror = Mirror()
    previous = state_store.load()
    try:
        if previous is None:
            params = ""
        else:
            # updated_since is epoch SECONDS (inclusive); the watermark is StaffLine's epoch ms
            params = f"updated_since={previous['watermark'] // 1000}"
        candidates = list(api.walk("/v1/candidates", params))
        started = api.server_now()  # StaffLine's time (known once it has answered); see the overlap below
        applications = list(api.walk("/v1/applications", params))
        mirror.upsert("candidates", candidates)
        mirror.upsert("applications", applications)
        removed = 0
        if previous is not None:
            # the whole feed since the previous run, every page
            entries = list(api.walk("/v1/deleted", f"since={previous['deleted_since']}"))
            removed = apply_tombstones(mirror, entries)
        mirror.commit()
    except ApiError as exc:
        print(f"sync: {exc}")
        mirror.close()
        return 1
    watermark = mirror.max_updated_at()
    if watermark is None:
        watermark = previous["watermark"] if previous else 0
    state_store.save({"watermark": watermark, "deleted_since": started - 60})
    print(f"sync: {len(candidates)} candidates and {len(applications)} applications upserted, "
          f"{removed} deleted; mirror holds {mirror.count('candidates')} candidates, "
          f"{mirror.count('applications')} applications")
    mirror.close()
    return 0
