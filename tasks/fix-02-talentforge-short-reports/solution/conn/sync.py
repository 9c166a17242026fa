# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Incremental sync of in-scope applications (status active or offer) into the report.

The watermark is the newest `updated_at` TalentForge sent (its clock, not ours), stored only
after a walk reached its last page; `updated_since` is inclusive, so the records of that second
come again and are simply upserted by id. A walk that fails raises, the run exits non-zero and
the old watermark stays, so the next run reads the same changes again."""
from __future__ import annotations

import json
import logging

from . import report
from .config import Settings
from .talentforge import TalentForge

log = logging.getLogger("conn.sync")

IN_SCOPE = "active,offer"
PAGE_SIZE = 50


def load_state(settings: Settings) -> dict:
    if settings.state_path.exists():
        return json.loads(settings.state_path.read_text())
    return {}


def save_state(settings: Settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.state_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(settings.state_path)


def sync(settings: Settings) -> int:
    state = load_state(settings)
    tf = TalentForge(settings)

    params = {"status": IN_SCOPE, "limit": PAGE_SIZE}
    if state.get("watermark"):
        params["updated_since"] = state["watermark"]
    rows = report.load(settings.report_path)

    fetched, newest = 0, state.get("watermark")
    for page in tf.pages("/api/v2/applications", params):
        for app in page.get("items", []):
            rows[app["id"]] = report.to_row(app)
            fetched += 1
            if app.get("updated_at") and (newest is None or app["updated_at"] > newest):
                newest = app["updated_at"]

    report.save(settings.report_path, rows)
    state["watermark"] = newest
    save_state(settings, state)
    log.info("sync done: %d applications fetched, %d in the report", fetched, len(rows))
    return 0
