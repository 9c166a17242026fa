# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync: StaffLine candidates and applications into the dashboard mirror.

The first run loads everything; later runs fetch what changed since the previous run and
apply StaffLine's deletions (the /v1/deleted tombstone feed), following StaffLine's
"incremental sync" recipe:

1. t0 = StaffLine's time when the run starts (its Date header), minus an overlap;
2. walk candidates and applications with `updated_since=<previous t0>` (epoch SECONDS) and
   upsert by id (the first run walks everything);
3. walk the whole tombstone feed `/v1/deleted?since=<previous t0>` and apply every candidate
   (with their applications) and application entry; the first run reads it since its own t0
   to catch deletions that happened while it walked;
4. commit, and only then store t0 for the next night.
"""
from __future__ import annotations

from conn import state as state_store
from conn.mirror import Mirror
from conn.staffline import ApiError, StaffLine

OVERLAP_S = 300  # re-reading a few minutes of changes is harmless: upserts and deletes are by id
STATE_VERSION = 2


def apply_tombstones(mirror: Mirror, entries) -> int:
    removed = 0
    for entry in entries:
        kind = entry.get("type")
        if kind == "candidate":
            mirror.delete_candidate(entry["id"])  # and their applications
            removed += 1
        elif kind == "application":
            mirror.delete_application(entry["id"])
            removed += 1
    return removed


def _plan(previous: dict | None) -> tuple[int | None, int | None]:
    """(updated_since, deleted_since) in epoch seconds; None = walk everything / skip."""
    if previous is None:
        return None, None
    if previous.get("version") == STATE_VERSION:
        since = int(previous["since"])
        return since, since
    # State written by the earlier version of this job: its watermark was StaffLine's
    # updated_at in MILLISECONDS (sent as seconds, it matched nothing, so nothing changed since
    # the first load ever arrived), and it applied only part of the tombstones. Catch up once:
    # changes since that watermark (with a day of margin), and the whole tombstone feed.
    watermark = previous.get("watermark")
    if watermark is None:
        return None, None
    updated_since = int(watermark) // 1000 - 86400
    return max(0, updated_since), 0


def run_sync() -> int:
    api = StaffLine()
    mirror = Mirror()
    previous = state_store.load()
    updated_since, deleted_since = _plan(previous)
    fallback_t0 = api.server_now()
    try:
        params = "" if updated_since is None else f"updated_since={updated_since}"
        candidates = 0
        for batch in _batches(api.walk("/v1/candidates", params)):
            candidates += mirror.upsert("candidates", batch)
        # StaffLine's time at our first request, so nothing changed during the run is missed.
        started = int(api.first_server_time) if api.first_server_time is not None else fallback_t0
        t0 = started - OVERLAP_S
        applications = 0
        for batch in _batches(api.walk("/v1/applications", params)):
            applications += mirror.upsert("applications", batch)
        since = t0 if deleted_since is None else deleted_since
        removed = apply_tombstones(mirror, api.walk_feed("/v1/deleted", f"since={since}"))
        orphans = mirror.delete_orphan_applications()
        mirror.commit()
    except ApiError as exc:
        print(f"sync: {exc}")
        mirror.rollback()
        mirror.close()
        api.save_clock()
        return 1
    state_store.save({"version": STATE_VERSION, "since": t0})
    api.save_clock()
    print(f"sync: {candidates} candidates and {applications} applications upserted "
          f"({'full load' if updated_since is None else f'changes since {updated_since}'}), "
          f"{removed} tombstones applied, {orphans} orphan applications removed; mirror holds "
          f"{mirror.count('candidates')} candidates, {mirror.count('applications')} applications")
    mirror.close()
    return 0


def _batches(records, size: int = 500):
    batch = []
    for record in records:
        batch.append(record)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch
