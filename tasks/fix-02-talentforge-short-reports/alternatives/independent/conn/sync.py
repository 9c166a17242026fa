# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Incremental sync of in-scope applications (status active or offer) into the report.

The watermark is the largest `updated_at` TalentForge has sent us (TalentForge's clock, not
ours). The next run lists `updated_since=<watermark>`; the filter is inclusive, so records
of that second are read again (and de-duplicated by id) -- nothing written later within the
same second is lost. Pages come in ascending `updated_at`, so after every processed page the
watermark may safely move up to the newest record seen: a run that fails half way saves what
it has, exits non-zero, and the next run carries on from there.
"""
from __future__ import annotations

import json
import logging
import time

from . import report
from .config import Settings
from .talentforge import InvalidCursor, TalentForge, TalentForgeError

log = logging.getLogger("conn.sync")

IN_SCOPE = "active,offer"
PAGE_SIZE = 100
STATE_VERSION = 2          # 1 (implicit): watermark taken from our own clock at the start of a run
CHECKPOINT_SECONDS = 30.0  # during long walks, persist progress this often


def load_state(settings: Settings) -> dict:
    if settings.state_path.exists():
        try:
            return json.loads(settings.state_path.read_text())
        except ValueError:
            log.warning("state file %s is unreadable; starting from a full load", settings.state_path)
    return {}


def save_state(settings: Settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.state_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(settings.state_path)


def _checkpoint(settings: Settings, state: dict, rows: dict, watermark: str | None) -> None:
    # Report first, then the watermark: a crash in between only means re-reading a little.
    report.save(settings.report_path, rows)
    if watermark:
        state["watermark"] = watermark
    state["version"] = STATE_VERSION
    save_state(settings, state)


def sync(settings: Settings) -> int:
    state = load_state(settings)
    if state.get("watermark") and state.get("version") != STATE_VERSION:
        # Watermarks written by the old sync came from our clock and were saved even when the
        # walk stopped early, so the report may be missing records no incremental run would
        # bring back. Rebuild it once.
        log.warning("state from the previous sync version; doing one full load to repair the report")
        state = {}
    if state.get("watermark") and not settings.report_path.exists():
        log.warning("report file is missing; doing a full load")
        state = {}

    rows = report.load(settings.report_path)
    watermark = state.get("watermark")
    tf = TalentForge(settings)
    fetched = 0
    restarts = 0
    last_checkpoint = time.monotonic()
    try:
        while True:
            params = {"status": IN_SCOPE, "limit": PAGE_SIZE}
            if watermark:
                params["updated_since"] = watermark
            log.info("listing applications %s", f"updated since {watermark}" if watermark else "(full load)")
            try:
                for items in tf.walk("/api/v2/applications", params):
                    for app in items:
                        if not isinstance(app, dict) or not app.get("id"):
                            continue
                        rows[app["id"]] = report.to_row(app)  # later copies win
                        fetched += 1
                        ts = app.get("updated_at")
                        if ts and (watermark is None or ts > watermark):
                            watermark = ts
                    if time.monotonic() - last_checkpoint >= CHECKPOINT_SECONDS:
                        _checkpoint(settings, state, rows, watermark)
                        last_checkpoint = time.monotonic()
                break
            except InvalidCursor:
                restarts += 1
                if restarts > 3:
                    raise
                log.warning("cursor refused; listing again from %s", watermark)
    except Exception as exc:  # noqa: BLE001 -- never report success for a walk that did not finish
        try:
            _checkpoint(settings, state, rows, watermark)
        except Exception:  # noqa: BLE001
            log.exception("could not save progress")
        if isinstance(exc, TalentForgeError):
            log.error("sync FAILED after %d applications: %s; the next run continues from %s",
                      fetched, exc, watermark)
        else:
            log.exception("sync FAILED after %d applications; the next run continues from %s", fetched, watermark)
        return 1

    _checkpoint(settings, state, rows, watermark)
    log.info("sync done: %d applications fetched, %d in the report (%d access tokens)",
             fetched, len(rows), tf.tokens_minted)
    return 0
