# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The five-minute gate-list poll.

First run: subscribe to Placement, JobOrder and Candidate events, then load every Approved
placement (subscribing first, so nothing changed during the load is lost). Later runs: read the
subscription's new events; placements named by an event are read again by id, and so are the
known placements of a job order or candidate that changed (a renumbered site, a new name). A
placement that is gone or no longer Approved is forgotten.

Each poll consumes its batch, so the requestId of the last batch handled is kept in the state
folder. When a poll's answer is lost on the way (no answer, a cut answer), the batch is fetched
again as requestId = stored + 1 (Benchline numbers a subscription's polls 1, 2, 3 ...); a 400
there means that poll never reached Benchline, and a plain poll is safe.

A state folder left by the job before this fix (no requestId in it) holds a list built with
lost batches and end dates dropped: the first run from it subscribes afresh and loads the list
again, once.

The state folder keeps every Approved placement; gate_list.csv is rewritten after every run with
those that are still due on site today (no end date, or an end date today or later)."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import time
from zoneinfo import ZoneInfo

import requests

from .benchline import Benchline, BenchlineError
from .config import Settings

SUBSCRIPTION = "rvm-gate-list"
ENTITIES = "Placement,JobOrder,Candidate"
LOAD_FIELDS = "id,status,dateBegin,dateEnd,candidate(firstName,lastName),jobOrder(customText3)"
EVENT_FIELDS = LOAD_FIELDS
COLUMNS = ["placement_id", "candidate", "site", "date_begin", "date_end"]
ACCOUNT_TZ = ZoneInfo("America/Chicago")  # Benchline's date-only fields: local midnight, epoch ms


def local_date(ms) -> str | None:
    if ms is None:
        return None
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).astimezone(ACCOUNT_TZ).date().isoformat()


def to_row(p: dict) -> dict:
    cand, job = p.get("candidate") or {}, p.get("jobOrder") or {}
    name = " ".join(x for x in (cand.get("firstName"), cand.get("lastName")) if x)
    return {"placement_id": p["id"], "candidate": name or None, "site": job.get("customText3") or None,
            "date_begin": local_date(p.get("dateBegin")), "date_end": local_date(p.get("dateEnd")),
            "_job": job.get("id"), "_candidate": cand.get("id")}


def due(row: dict, today: dt.date) -> bool:
    return row["date_end"] is None or dt.date.fromisoformat(row["date_end"]) >= today


class State:
    def __init__(self, path):
        self.path = path
        data = json.loads(path.read_text()) if path.exists() else {}
        self.subscribed: bool = data.get("subscribed", False)
        # the last batch handled; None in a state folder the job before this fix left behind
        # (no requestId kept): that job lost batches and end dates, so its list is not trusted
        self.request_id: int | None = data.get("request_id")
        self.placements: dict[str, dict] = data.get("placements", {})

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"subscribed": self.subscribed, "request_id": self.request_id,
                                   "placements": self.placements}))
        os.replace(tmp, self.path)

    def apply(self, placement: dict) -> None:
        if placement.get("status") == "Approved":
            self.placements[str(placement["id"])] = to_row(placement)
        else:
            self.placements.pop(str(placement["id"]), None)


def subscribe(bl: Benchline) -> int:
    params = {"type": "entity", "names": ENTITIES, "eventTypes": "INSERTED,UPDATED,DELETED"}
    r = bl.call("PUT", f"event/subscription/{SUBSCRIPTION}", params)
    if r.status_code == 409:  # left over from a run whose state was lost: start it afresh
        bl.call("DELETE", f"event/subscription/{SUBSCRIPTION}")
        r = bl.call("PUT", f"event/subscription/{SUBSCRIPTION}", params)
    if r.status_code != 200:
        raise RuntimeError(f"subscribe: {r.status_code} {r.text[:200]}")
    return int(r.json().get("lastRequestId") or 0)


def full_load(bl: Benchline, st: State) -> None:
    st.placements = {}
    for p in bl.search("Placement", "status:Approved", LOAD_FIELDS):
        st.apply(p)


def next_events(bl: Benchline, st: State) -> tuple[int, list[dict]] | None:
    """The next batch of events and its requestId; None when the subscription has expired."""
    path = f"event/subscription/{SUBSCRIPTION}"
    params: dict = {"maxEvents": 100}
    for attempt in range(6):
        try:
            r = bl.call("GET", path, params, retries=1)
            if r.status_code == 200:
                body = r.json()
                return int(body["requestId"]), body.get("events") or []
        except (requests.ConnectionError, requests.Timeout, ValueError):
            # the poll may have been served and its batch consumed: fetch that batch again
            params = {"requestId": st.request_id + 1}
            time.sleep(0.5 * (attempt + 1))
            continue
        if r.status_code in (404, 410):
            return None
        if r.status_code == 400 and "requestId" in params:  # that poll never reached Benchline
            params = {"maxEvents": 100}
            continue
        raise BenchlineError(f"event poll: {r.status_code} {r.text[:200]}")
    raise BenchlineError("event poll: no answer from Benchline")


def apply_events(bl: Benchline, st: State, events: list[dict]) -> None:
    placements, jobs, cands = set(), set(), set()
    for ev in events:
        {"Placement": placements, "JobOrder": jobs, "Candidate": cands}.get(ev["entityName"], set()).add(
            int(ev["entityId"]))
    for pid, row in st.placements.items():  # known placements whose site or person changed
        if row.get("_job") in jobs or row.get("_candidate") in cands:
            placements.add(int(pid))
    ids = sorted(placements)
    found = {p["id"]: p for p in bl.entities("Placement", ids, EVENT_FIELDS)}
    for pid in ids:
        if pid in found:
            st.apply(found[pid])
        else:  # deleted
            st.placements.pop(str(pid), None)


def drain(bl: Benchline, st: State) -> bool:
    """Apply every pending batch. False when the subscription has expired."""
    while True:
        batch = next_events(bl, st)
        if batch is None:
            return False
        st.request_id, events = batch
        if events:
            apply_events(bl, st, events)
        st.save()
        if not events:
            return True


def write_gate_list(settings: Settings, st: State, today: dt.date) -> int:
    path = settings.gate_list_path
    tmp = path.with_suffix(".tmp")
    rows = [st.placements[pid] for pid in sorted(st.placements, key=int) if due(st.placements[pid], today)]
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for row in rows:
            w.writerow({k: ("" if v is None else v) for k, v in row.items()})
    os.replace(tmp, path)
    return len(rows)


def poll(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    bl = Benchline(settings.base_url, settings.client_id, settings.client_secret, settings.username,
                   settings.password, settings.state_dir / "session.json")
    st = State(settings.state_dir / "gate.json")
    if not st.subscribed or st.request_id is None or not drain(bl, st):
        st.request_id = subscribe(bl)
        st.subscribed = True
        full_load(bl, st)
        st.save()
    today = bl.today or dt.datetime.now(dt.timezone.utc).date()
    n = write_gate_list(settings, st, today)
    print(f"poll: {n} people on the gate list for {today.isoformat()} ({bl.logins} login(s))")
    return 0
