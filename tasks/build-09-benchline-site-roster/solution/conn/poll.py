# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The ten-minute roster poll.

First run: subscribe to Placement, JobOrder and Candidate events, then load every Approved and
Active placement (subscribing first, so nothing changed during the load is lost). Later runs:
drain the subscription; placements named by an event are read again by id, and so are the
rostered placements of a job order or candidate that changed (a renumbered site, a new name). A
placement that is gone or no longer Approved/Active leaves the roster. The roster (and the job
order / candidate of each rostered placement) is kept in the state folder; roster.csv is
rewritten from it after every run."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os

from .benchline import Benchline
from .config import Settings

SUBSCRIPTION = "kbg-site-roster"
IN_SCOPE = ("Approved", "Active")
FIELDS = "id,status,dateBegin,dateEnd,customText1,candidate(firstName,lastName),jobOrder(customText3)"
COLUMNS = ["placement_id", "candidate_name", "site_code", "role", "date_begin", "date_end", "status"]
HALF_DAY_MS = 12 * 3600 * 1000


def _date(ms) -> str | None:
    """Benchline's date-only fields are epoch ms of midnight in the account's own time zone: the
    docs name America/Chicago as the usual one, but Kestrel's account is in London (the wire shows
    00:00 UTC in winter and 23:00 UTC the day before in summer). Whatever the zone, its midnight
    lies within 12 hours of the UTC midnight of the same day, so the nearest UTC midnight names
    the day Benchline shows."""
    if ms is None:
        return None
    return dt.datetime.fromtimestamp((ms + HALF_DAY_MS) / 1000, tz=dt.timezone.utc).date().isoformat()


def to_row(p: dict) -> dict:
    cand, job = p.get("candidate") or {}, p.get("jobOrder") or {}
    name = " ".join(x for x in (cand.get("firstName"), cand.get("lastName")) if x)
    return {"placement_id": p["id"], "candidate_name": name or None, "site_code": job.get("customText3") or None,
            "role": p.get("customText1") or None, "date_begin": _date(p.get("dateBegin")),
            "date_end": _date(p.get("dateEnd")), "status": p.get("status"),
            "_job": job.get("id"), "_candidate": cand.get("id")}


class State:
    def __init__(self, path):
        self.path = path
        data = json.loads(path.read_text()) if path.exists() else {}
        self.subscribed: bool = data.get("subscribed", False)
        self.roster: dict[str, dict] = data.get("roster", {})

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"subscribed": self.subscribed, "roster": self.roster}))
        os.replace(tmp, self.path)

    def apply(self, placement: dict) -> None:
        if placement.get("status") in IN_SCOPE:
            self.roster[str(placement["id"])] = to_row(placement)
        else:
            self.roster.pop(str(placement["id"]), None)


def full_load(bl: Benchline, st: State) -> None:
    st.roster = {}
    for status in IN_SCOPE:
        for p in bl.search("Placement", f"status:{status}", FIELDS):
            st.apply(p)


def subscribe(bl: Benchline) -> None:
    r = bl.call("PUT", f"event/subscription/{SUBSCRIPTION}",
                {"type": "entity", "names": "Placement,JobOrder,Candidate",
                 "eventTypes": "INSERTED,UPDATED,DELETED"}, ok=(200, 409))
    if r.status_code == 409:  # left over from a run whose state was lost: start it afresh
        bl.call("DELETE", f"event/subscription/{SUBSCRIPTION}")
        bl.call("PUT", f"event/subscription/{SUBSCRIPTION}",
                {"type": "entity", "names": "Placement,JobOrder,Candidate",
                 "eventTypes": "INSERTED,UPDATED,DELETED"})


def drain(bl: Benchline, st: State) -> bool:
    """Apply every pending event batch. False when the subscription has expired."""
    while True:
        r = bl.call("GET", f"event/subscription/{SUBSCRIPTION}", {"maxEvents": 100}, ok=(200, 404, 410))
        if r.status_code != 200:
            return False
        events = r.json().get("events") or []
        if not events:
            return True
        placements, jobs, cands = set(), set(), set()
        for ev in events:
            {"Placement": placements, "JobOrder": jobs, "Candidate": cands}.get(ev["entityName"], set()).add(
                int(ev["entityId"]))
        for pid, row in st.roster.items():  # rostered placements whose site or person changed
            if row.get("_job") in jobs or row.get("_candidate") in cands:
                placements.add(int(pid))
        ids = sorted(placements)
        found = {p["id"]: p for p in bl.entities("Placement", ids, FIELDS)}
        for pid in ids:
            if pid in found:
                st.apply(found[pid])
            else:  # deleted
                st.roster.pop(str(pid), None)
        st.save()


def write_roster(settings: Settings, st: State) -> None:
    path = settings.roster_path
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for pid in sorted(st.roster, key=int):
            w.writerow({k: ("" if v is None else v) for k, v in st.roster[pid].items()})
    os.replace(tmp, path)


def poll(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    bl = Benchline(settings.base_url, settings.client_id, settings.client_secret, settings.username,
                   settings.password, settings.state_dir / "session.json")
    st = State(settings.state_dir / "roster.json")
    if not st.subscribed or not drain(bl, st):
        subscribe(bl)
        st.subscribed = True
        full_load(bl, st)
        st.save()
    write_roster(settings, st)
    print(f"poll: {len(st.roster)} placements on the roster ({bl.logins} login(s))")
    return 0
