# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Volunteer sync (alternative design).

State: the volunteers themselves (tagged candidates) by id, and the Crewtide time to read
changes from next. The first run walks the tagged list, then reads everything changed since the
walk began (the tagged ones, and the withdrawn-2026 ones: nobody else's profile may be read), and
checks its count against Crewtide's: if the walk was disturbed (people gaining or losing the tag
move the later pages), it walks again. Later runs read only the tagged and the withdrawn
candidates changed since the saved time."""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from conn.crewtide import Client, _log

TAG = "volunteer-2026"
WITHDRAWN = "withdrawn-2026"
FIELDS = ["candidate_id", "given_name", "family_name", "email", "phone"]


def _row(rec):
    a = rec.get("attributes") or {}
    return {"candidate_id": rec["id"], "given_name": a.get("given-name") or "", "family_name": a.get("family-name") or "",
            "email": a.get("email") or "", "phone": a.get("phone") or ""}


def _apply(volunteers: dict, doc: dict) -> None:
    for rec in doc.get("data") or []:
        if rec.get("type") != "candidates":
            continue
        if TAG in ((rec.get("attributes") or {}).get("tags") or []):
            volunteers[rec["id"]] = _row(rec)
        else:
            volunteers.pop(rec["id"], None)


def _changes_since(api: Client, since: str, volunteers: dict) -> str | None:
    """Only this season's people may be read: the volunteers changed since `since`, then those
    who withdrew since (the volunteer team swaps the tag for withdrawn-2026)."""
    first = None
    for tag in (TAG, WITHDRAWN):
        for doc in api.pages("/v1/candidates", {"filter[tags]": tag, "filter[updated-at][from]": since}):
            first = first or api.last_date
            _apply(volunteers, doc)
    return first


def _tagged_count(api: Client) -> int:
    return int(api.get("/v1/candidates", {"filter[tags]": TAG, "page[size]": 1})["meta"]["record-count"])


def _full_load(api: Client) -> tuple[dict, str]:
    for attempt in range(1, 6):
        volunteers: dict = {}
        began, counts = None, set()
        for doc in api.pages("/v1/candidates", {"filter[tags]": TAG}):
            began = began or api.last_date
            counts.add((doc.get("meta") or {}).get("record-count"))
            _apply(volunteers, doc)
        since = _changes_since(api, began, volunteers) or began
        total = _tagged_count(api)
        if len(counts) == 1 and total == len(volunteers):
            return volunteers, since
        _log(f"walk {attempt} was disturbed (counts {sorted(map(str, counts))}, have {len(volunteers)}, "
             f"Crewtide {total}); walking again")
    return volunteers, since


def run() -> int:
    api = Client(os.environ["CREWTIDE_BASE_URL"].rstrip("/"), os.environ["CREWTIDE_API_KEY"])
    state_dir = Path(os.environ.get("IB_STATE_DIR", "state"))
    out_dir = Path(os.environ.get("IB_OUTPUT_DIR", "output"))
    state_file = state_dir / "planner.json"
    state = json.loads(state_file.read_text()) if state_file.exists() else None
    if state and state.get("design") == "alt-1":
        volunteers, since = state["volunteers"], state["since"]
        since = _changes_since(api, since, volunteers) or since
        if _tagged_count(api) != len(volunteers):
            _log("count differs from Crewtide's after the incremental read")
    else:
        volunteers, since = _full_load(api)
    state_dir.mkdir(parents=True, exist_ok=True)
    (state_dir / "planner.json.new").write_text(json.dumps({"design": "alt-1", "since": since, "volunteers": volunteers}))
    (state_dir / "planner.json.new").replace(state_file)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "volunteers.csv.new", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for key in sorted(volunteers, key=int):
            w.writerow(volunteers[key])
    (out_dir / "volunteers.csv.new").replace(out_dir / "volunteers.csv")
    _log(f"{len(volunteers)} volunteers")
    return 0
