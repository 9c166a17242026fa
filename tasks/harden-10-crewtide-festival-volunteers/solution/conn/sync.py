# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The volunteer sync: every Crewtide candidate tagged `volunteer-2026` into volunteers.csv.

The planner keeps a copy of every candidate (not only the volunteers) in its state, so a tag
that comes or goes is seen like any other change:

- the first run walks all candidates in id order (the tag filter is not used for the walk: a
  filtered list shifts under the walk when someone gains or loses the tag, and a page then
  skips or repeats records; in the unfiltered id order new sign-ups only append at the end);
- later runs read the candidates changed since the last run (`filter[updated-at][from]`, again
  without the tag filter, so a withdrawal -- the tag removed -- is seen);
- every run ends with a catch-up read of what changed while it was walking, from Crewtide's own
  time at the start of the run (the `Date` header), and the next run starts from the time of
  that catch-up.

volunteers.csv is the candidates of the copy that carry the tag, each once, by id."""
from __future__ import annotations

import csv
import json
import logging
import sys

from conn import config
from conn.crewtide import PAGE_SIZE, Crewtide

TAG = "volunteer-2026"
COLUMNS = ["candidate_id", "given_name", "family_name", "email", "phone"]
STATE_FILE = "sync_state.json"
STATE_VERSION = 2

log = logging.getLogger("conn.sync")


def to_row(rec: dict) -> dict:
    a = rec["attributes"]
    return {"candidate_id": int(rec["id"]), "given_name": a.get("given-name") or "",
            "family_name": a.get("family-name") or "", "email": a.get("email") or "", "phone": a.get("phone") or "",
            "tags": list(a.get("tags") or [])}


def load_state(settings) -> dict | None:
    path = settings.state_dir / STATE_FILE
    if not path.exists():
        return None
    state = json.loads(path.read_text())
    if state.get("version") != STATE_VERSION:
        return None  # an older planner's state: start over with a full load
    return state


def save_state(settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.state_dir / (STATE_FILE + ".tmp")
    tmp.write_text(json.dumps(state))
    tmp.replace(settings.state_dir / STATE_FILE)


def walk(api: Crewtide, since: str | None, copy: dict[str, dict]) -> str | None:
    """Reads every page of the candidates (changed since `since`, when given) in id order into
    `copy`, following links.next; returns Crewtide's time at the first page."""
    params = {"sort": "id", "page[size]": PAGE_SIZE}
    if since:
        params["filter[updated-at][from]"] = since
    page = api.get("/v1/candidates", params)
    started = page.server_time
    while True:
        for rec in page.records:
            if rec.get("type") == "candidates":
                row = to_row(rec)
                copy[str(row["candidate_id"])] = row
        nxt = page.links.get("next")
        if not nxt:
            return started
        page = api.get(nxt)


def write_volunteers(output_dir, copy: dict[str, dict]) -> list[dict]:
    volunteers = sorted((r for r in copy.values() if TAG in r["tags"]), key=lambda r: r["candidate_id"])
    output_dir.mkdir(parents=True, exist_ok=True)
    tmp = output_dir / "volunteers.csv.tmp"
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        w.writerows(volunteers)
    tmp.replace(output_dir / "volunteers.csv")
    return volunteers


def run() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    settings = config.load()
    state = load_state(settings)
    api = Crewtide(settings)
    copy: dict[str, dict] = state["candidates"] if state else {}
    started = walk(api, state["watermark"] if state else None, copy)
    # what changed while we walked (sign-ups, tags added or removed on pages already read)
    caught_up = walk(api, started, copy) if started else None
    volunteers = write_volunteers(settings.output_dir, copy)
    save_state(settings, {"version": STATE_VERSION, "watermark": caught_up or started, "candidates": copy})
    log.info("%d volunteers of %d candidates", len(volunteers), len(copy))
    return 0
