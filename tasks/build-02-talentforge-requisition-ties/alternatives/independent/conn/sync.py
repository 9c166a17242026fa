# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The hourly sync. See TICKET.md.

For each of requisitions and applications we keep a watermark: the largest `updated_at`
TalentForge has sent us. A run lists the records with `updated_at >= watermark` (the filter is
inclusive, so the records of the watermark second -- e.g. the rest of a bulk edit stamped with
that same second -- are read again and de-duplicated by id), upserts them page by page, and
moves the watermark forward after every page that is safely in the store. A run that fails half
way therefore exits non-zero and the next run resumes where it stopped; a first load that is
interrupted is not started over.
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from pathlib import Path

from .config import Settings
from .store import Store, application_row, requisition_row, utc_iso
from .talentforge import InvalidCursor, TalentForge, TalentForgeError

log = logging.getLogger("conn.sync")

STATE_VERSION = 1
RESOURCES = [
    # (state key / table, API path, row mapper)
    ("requisitions", "/api/v2/requisitions", requisition_row),
    ("applications", "/api/v2/applications", application_row),
]


# ------------------------------------------------------------------ state
def _state_path(settings: Settings) -> Path:
    return settings.state_dir / "talentforge_sync.json"


def load_state(settings: Settings) -> dict:
    path = _state_path(settings)
    if not path.exists():
        return {}
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("state file %s unreadable (%s); doing a full load", path, exc)
        return {}
    if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
        return {}
    return state


def save_state(settings: Settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    path = _state_path(settings)
    tmp = path.with_name(path.name + ".tmp")
    state = {**state, "version": STATE_VERSION}
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)


@contextlib.contextmanager
def run_lock(settings: Settings, wait_seconds: float = 3600.0):
    """One sync at a time: a run started while the previous one is still busy waits for it."""
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # not POSIX: no locking
        yield
        return
    with open(settings.state_dir / "sync.lock", "a+") as fh:
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise TalentForgeError("another sync has been running for too long")
                time.sleep(1.0)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


# ------------------------------------------------------------------ sync
def _sync_resource(tf: TalentForge, store: Store, settings: Settings, state: dict,
                   key: str, path: str, to_row) -> int:
    res_state = state.setdefault(key, {})
    fetched = 0
    restarts = 0
    while True:
        watermark = res_state.get("watermark")
        params = {"limit": TalentForge.PAGE_LIMIT}
        if watermark:
            params["updated_since"] = watermark
        log.info("%s: listing %s", key, f"changes since {watermark}" if watermark else "everything (first load)")
        try:
            for items in tf.walk(path, params):
                rows = {}
                newest = watermark
                for rec in items:
                    if not isinstance(rec, dict) or not rec.get("id"):
                        continue
                    row = to_row(rec)
                    rows[row["tf_id"]] = row  # later copies of a record win
                    ts = utc_iso(rec.get("updated_at"))
                    if ts and (newest is None or ts > newest):
                        newest = ts
                store.upsert(key, rows.values())
                fetched += len(items)
                if newest and newest != res_state.get("watermark"):
                    res_state["watermark"] = newest
                    save_state(settings, state)
            return fetched
        except InvalidCursor:
            restarts += 1
            if restarts > 3:
                raise
            log.warning("%s: cursor refused; restarting the listing from %s", key, res_state.get("watermark"))


def sync(settings: Settings) -> int:
    try:
        with run_lock(settings):
            return _sync(settings)
    except TalentForgeError as exc:
        log.error("sync failed: %s (the next run will catch up)", exc)
        return 1
    except Exception:  # noqa: BLE001 -- the scheduler must see a failure, never a false success
        log.exception("sync failed unexpectedly (the next run will catch up)")
        return 1


def _sync(settings: Settings) -> int:
    state = load_state(settings)
    store_existed = settings.store_path.exists()
    store = Store(settings.store_path)
    try:
        for key, _, _ in RESOURCES:
            # The store was lost (or never written): an incremental run would leave it short.
            if state.get(key, {}).get("watermark") and (not store_existed or store.count(key) == 0):
                log.warning("%s: the planning store has no rows but a watermark exists; doing a full load", key)
                state[key] = {}
        tf = TalentForge(settings.base_url, settings.client_id, settings.client_secret)
        totals = {}
        for key, path, to_row in RESOURCES:
            totals[key] = _sync_resource(tf, store, settings, state, key, path, to_row)
        save_state(settings, state)
        log.info("sync done: %d requisitions and %d applications read; store holds %d and %d "
                 "(%d API calls, %d tokens)", totals["requisitions"], totals["applications"],
                 store.count("requisitions"), store.count("applications"), tf.requests_made, tf.tokens_minted)
        return 0
    finally:
        store.close()
