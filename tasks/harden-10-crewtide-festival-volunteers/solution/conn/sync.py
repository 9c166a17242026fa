# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The volunteer sync: every Crewtide candidate tagged `volunteer-2026` into volunteers.csv.

The data-protection rule: the sync may be sent the profiles of this season's volunteers only
(tagged `volunteer-2026`, or `withdrawn-2026` once they pull out), so every candidate read asks
Crewtide for one of those two tags (`filter[tags]`); nobody else's profile is ever requested.

- The first run walks the tagged list in id order. That list shifts under the walk when
  someone loses the tag on a page already read (a withdrawal pulls the next records one place
  forward, and one of them slips past a page boundary), so after the walk and its catch-up the
  number held is checked against the list's `meta.record-count`; if it differs, the walk is
  repeated.
- A catch-up reads what changed since a Crewtide time (the `Date` of the first answer of the
  previous read): the tagged candidates changed since then (sign-ups, returning crew, new
  phones) are upserted, and the `withdrawn-2026` candidates changed since then are dropped
  (unless they carry `volunteer-2026` again).
- Every run ends with a catch-up of what changed while it ran; later runs are only catch-ups
  from the saved time."""
from __future__ import annotations

import csv
import json
import logging
import sys

from conn import config
from conn.crewtide import PAGE_SIZE, Crewtide

TAG = "volunteer-2026"
WITHDRAWN = "withdrawn-2026"
COLUMNS = ["candidate_id", "given_name", "family_name", "email", "phone"]
STATE_FILE = "sync_state.json"
STATE_VERSION = 3
WALKS = 5

log = logging.getLogger("conn.sync")


def to_row(rec: dict) -> dict:
    a = rec["attributes"]
    return {"candidate_id": int(rec["id"]), "given_name": a.get("given-name") or "",
            "family_name": a.get("family-name") or "", "email": a.get("email") or "", "phone": a.get("phone") or ""}


def is_volunteer(rec: dict) -> bool:
    return TAG in ((rec.get("attributes") or {}).get("tags") or [])


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


def read(api: Crewtide, tag: str, since: str | None):
    """Every page of the candidates carrying `tag` (changed since `since`, when given), in id
    order, following links.next; yields (Crewtide's time at the first page, records)."""
    params = {"filter[tags]": tag, "sort": "id", "page[size]": PAGE_SIZE}
    if since:
        params["filter[updated-at][from]"] = since
    page = api.get("/v1/candidates", params)
    started = page.server_time
    while True:
        yield started, [r for r in page.records if r.get("type") == "candidates"]
        nxt = page.links.get("next")
        if not nxt:
            return
        page = api.get(nxt)


def walk(api: Crewtide, volunteers: dict[str, dict]) -> str | None:
    started = None
    for started, records in read(api, TAG, None):
        for rec in records:
            volunteers[str(int(rec["id"]))] = to_row(rec)
    return started


def catch_up(api: Crewtide, since: str, volunteers: dict[str, dict]) -> str | None:
    """Applies what changed since `since`; returns Crewtide's time when this catch-up began."""
    began = None
    for started, records in read(api, TAG, since):
        began = began or started
        for rec in records:
            volunteers[str(int(rec["id"]))] = to_row(rec)
    for _started, records in read(api, WITHDRAWN, since):
        for rec in records:
            if is_volunteer(rec):
                volunteers[str(int(rec["id"]))] = to_row(rec)
            else:
                volunteers.pop(str(int(rec["id"])), None)
    return began


def tagged_count(api: Crewtide) -> int:
    page = api.get("/v1/candidates", {"filter[tags]": TAG, "page[size]": 1})
    return int(page.meta.get("record-count", -1))


def full_load(api: Crewtide) -> tuple[dict[str, dict], str | None]:
    for attempt in range(1, WALKS + 1):
        volunteers: dict[str, dict] = {}
        started = walk(api, volunteers)
        mark = catch_up(api, started, volunteers) or started
        total = tagged_count(api)
        if total == len(volunteers):
            return volunteers, mark
        log.warning("walk %d holds %d volunteers, Crewtide counts %d: the list moved, walking again",
                    attempt, len(volunteers), total)
    return volunteers, mark


def write_volunteers(output_dir, volunteers: dict[str, dict]) -> None:
    output_dir.mkdir(parents=True, exist_ok=True)
    tmp = output_dir / "volunteers.csv.tmp"
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(volunteers[k] for k in sorted(volunteers, key=int))
    tmp.replace(output_dir / "volunteers.csv")


def run() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    settings = config.load()
    state = load_state(settings)
    api = Crewtide(settings)
    if state:
        volunteers = state["volunteers"]
        mark = catch_up(api, state["watermark"], volunteers) or state["watermark"]
    else:
        volunteers, mark = full_load(api)
    # what changed while this run was reading
    mark = catch_up(api, mark, volunteers) or mark
    write_volunteers(settings.output_dir, volunteers)
    save_state(settings, {"version": STATE_VERSION, "watermark": mark, "volunteers": volunteers})
    log.info("%d volunteers", len(volunteers))
    return 0
