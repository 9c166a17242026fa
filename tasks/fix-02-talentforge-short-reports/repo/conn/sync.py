# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Incremental sync of in-scope applications (status active or offer) into the report."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

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
    settings.state_path.write_text(json.dumps(state, indent=2))


def sync(settings: Settings) -> int:
    state = load_state(settings)
    started = datetime.now(timezone.utc)
    tf = TalentForge(settings)
    token = tf.token()

    params = {"status": IN_SCOPE, "limit": PAGE_SIZE}
    if state.get("watermark"):
        params["updated_since"] = state["watermark"]
    rows = report.load(settings.report_path)

    fetched = 0
    page = tf.list_page(token, "/api/v2/applications", params)
    while page is not None:
        if "cursor" in page:
            for app in page["items"]:
                rows[app["id"]] = report.to_row(app)
                fetched += 1
            page = tf.list_page(token, "/api/v2/applications", {**params, "cursor": page["cursor"]})
        else:
            page = None

    report.save(settings.report_path, rows)
    state["watermark"] = started.strftime("%Y-%m-%dT%H:%M:%SZ")
    save_state(settings, state)
    log.info("sync done: %d applications fetched, %d in the report", fetched, len(rows))
    return 0
