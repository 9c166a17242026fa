# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The volunteer sync: every Crewtide candidate tagged `volunteer-2026` into volunteers.csv.

The first run loads everyone; later runs ask Crewtide only for what changed since the last one
(`filter[updated-at][from]`) and merge it into what the planner already has."""
from __future__ import annotations

import csv
import json
import logging
import sys

from conn import config
from conn.crewtide import PAGE_SIZE, Crewtide, CrewtideError

TAG = "volunteer-2026"
COLUMNS = ["candidate_id", "given_name", "family_name", "email", "phone"]
STATE_FILE = "sync_state.json"

log = logging.getLogger("conn.sync")


def to_row(rec: dict) -> dict:
    a = rec["attributes"]
    return {"candidate_id": int(rec["id"]), "given_name": a.get("given-name") or "",
            "family_name": a.get("family-name") or "", "email": a.get("email") or "", "phone": a.get("phone") or ""}


def load_state(settings) -> dict:
    path = settings.state_dir / STATE_FILE
    if path.exists():
        return json.loads(path.read_text())
    return {"watermark": None, "volunteers": []}


def save_state(settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.state_dir / (STATE_FILE + ".tmp")
    tmp.write_text(json.dumps(state))
    tmp.replace(settings.state_dir / STATE_FILE)


def is_volunteer(rec: dict) -> bool:
    return TAG in (rec["attributes"].get("tags") or [])


def fetch(api: Crewtide, since: str | None) -> tuple[list[dict], str | None]:
    """Newest sign-ups first, page by page; returns the volunteers' rows and Crewtide's time at
    the end. The first run asks for the tagged candidates; a later run asks for every candidate
    changed since the last one (a tag is a change too) and keeps the volunteers among them."""
    params = {"sort": "-created-at", "page[size]": PAGE_SIZE}
    if since:
        params["filter[updated-at][from]"] = since
    else:
        params["filter[tags]"] = TAG
    rows, number, last_time = [], 1, None
    while True:
        try:
            page = api.get("/v1/candidates", {**params, "page[number]": number})
        except CrewtideError as exc:
            if exc.status < 500:
                raise
            # one bad page should not stop the whole planner
            log.warning("page %d failed (%s), skipping it", number, exc.status)
            number += 1
            continue
        rows.extend(to_row(r) for r in page.records if is_volunteer(r))
        last_time = page.server_time or last_time
        if "next" not in page.links:
            return rows, last_time
        number += 1


def merge(volunteers: list[dict], changed: list[dict]) -> list[dict]:
    where = {row["candidate_id"]: i for i, row in enumerate(volunteers)}
    for row in changed:
        if row["candidate_id"] in where:
            volunteers[where[row["candidate_id"]]] = row
        else:
            where[row["candidate_id"]] = len(volunteers)
            volunteers.append(row)
    return volunteers


def write_volunteers(output_dir, volunteers: list[dict]) -> None:
    output_dir.mkdir(parents=True, exist_ok=True)
    tmp = output_dir / "volunteers.csv.tmp"
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(volunteers)
    tmp.replace(output_dir / "volunteers.csv")


def run() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    settings = config.load()
    state = load_state(settings)
    api = Crewtide(settings)
    changed, now = fetch(api, state["watermark"])
    if state["watermark"] is None:
        volunteers = changed
    else:
        volunteers = merge(state["volunteers"], changed)
    write_volunteers(settings.output_dir, volunteers)
    state = {"watermark": now or state["watermark"], "volunteers": volunteers}
    save_state(settings, state)
    log.info("%d volunteers (%d fetched)", len(volunteers), len(changed))
    return 0
