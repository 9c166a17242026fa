# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The roster, kept in an SQLite file in the state folder.

`placements` holds every placement we know of (in scope or not) with its job order and candidate
ids, so that a change of a job order's site or a candidate's name can be traced to placements.
First run: subscribe, then read all placements (`query=*`, pages of up to 200 until `total`).
Later runs: the events say which placements, job orders and candidates changed; the placements
are read again (by id, or by `jobOrder.id:` / `candidate.id:` for the other two)."""
from __future__ import annotations

import csv
import datetime as dt
import os
import sqlite3
from zoneinfo import ZoneInfo

from .session import Session

SUB = "kestrel_safety_roster"
PLACEMENT_FIELDS = "id,status,dateBegin,dateEnd,customText1,candidate(id,name),jobOrder(id,customText3)"
# Kestrel's account is set up in London, not the America/Chicago the docs name as the usual zone:
# its dates come as 00:00 UTC in winter and 23:00 UTC the day before in summer (London midnight).
ACCOUNT_ZONE = ZoneInfo("Europe/London")

DDL = """
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
CREATE TABLE IF NOT EXISTS placements (
    id INTEGER PRIMARY KEY, status TEXT, candidate_id INTEGER, job_order_id INTEGER,
    candidate_name TEXT, site_code TEXT, role TEXT, date_begin TEXT, date_end TEXT);
"""


def day(ms):
    return None if ms is None else dt.datetime.fromtimestamp(ms / 1000, ACCOUNT_ZONE).strftime("%Y-%m-%d")


def upsert(db: sqlite3.Connection, p: dict) -> None:
    cand, job = p.get("candidate") or {}, p.get("jobOrder") or {}
    db.execute("INSERT OR REPLACE INTO placements VALUES (?,?,?,?,?,?,?,?,?)", (
        p["id"], p.get("status"), cand.get("id"), job.get("id"), cand.get("name") or None,
        job.get("customText3") or None, p.get("customText1") or None, day(p.get("dateBegin")), day(p.get("dateEnd"))))


def search_all(bl: Session, query: str):
    start = 0
    while True:
        body = bl.request("GET", "search/Placement", {"query": query, "fields": PLACEMENT_FIELDS,
                                                      "start": start, "count": 200, "sort": "id"}).json()
        yield from body["data"]
        start += len(body["data"])
        if not body["data"] or start >= body["total"]:
            break


def subscribe(bl: Session) -> None:
    params = {"type": "entity", "names": "Placement,JobOrder,Candidate", "eventTypes": "INSERTED,UPDATED,DELETED"}
    r = bl.request("PUT", f"event/subscription/{SUB}", params, allow=(200, 409))
    if r.status_code == 409:
        bl.request("DELETE", f"event/subscription/{SUB}")
        bl.request("PUT", f"event/subscription/{SUB}", params)


def load(bl: Session, db: sqlite3.Connection) -> None:
    subscribe(bl)
    db.execute("DELETE FROM placements")
    for p in search_all(bl, "*"):
        upsert(db, p)
    db.execute("INSERT OR REPLACE INTO meta VALUES ('subscribed', '1')")
    db.commit()


def follow_events(bl: Session, db: sqlite3.Connection) -> bool:
    while True:
        r = bl.request("GET", f"event/subscription/{SUB}", {"maxEvents": 500}, allow=(200, 404, 410))
        if r.status_code != 200:
            return False
        events = r.json().get("events", [])
        if not events:
            return True
        placement_ids, jobs, people = set(), set(), set()
        for e in events:
            if e["entityName"] == "Placement":
                placement_ids.add(e["entityId"])
            elif e["entityName"] == "JobOrder":
                jobs.add(e["entityId"])
            elif e["entityName"] == "Candidate":
                people.add(e["entityId"])
        for ids in (sorted(placement_ids)[i:i + 200] for i in range(0, len(placement_ids), 200)):
            r = bl.request("GET", "entity/Placement/" + ",".join(str(i) for i in ids),
                           {"fields": PLACEMENT_FIELDS}, allow=(200, 404))
            found = r.json()["data"] if r.status_code == 200 else []
            found = found if isinstance(found, list) else [found]
            for p in found:
                upsert(db, p)
            gone = set(ids) - {p["id"] for p in found}
            db.executemany("DELETE FROM placements WHERE id = ?", [(i,) for i in gone])
        for field, ids in (("jobOrder.id", jobs), ("candidate.id", people)):
            for i in sorted(ids):
                for p in search_all(bl, f"{field}:{i}"):
                    upsert(db, p)
        db.commit()


def export(db: sqlite3.Connection, path) -> None:
    tmp = str(path) + ".part"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["placement_id", "candidate_name", "site_code", "role", "date_begin", "date_end", "status"])
        for row in db.execute("SELECT id, candidate_name, site_code, role, date_begin, date_end, status FROM placements "
                              "WHERE status IN ('Approved', 'Active') ORDER BY id"):
            w.writerow(["" if v is None else v for v in row])
    os.replace(tmp, path)


def run(settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(settings.state_dir / "roster.sqlite")
    db.executescript(DDL)
    bl = Session(settings, settings.state_dir / "session.json")
    bl.open()
    subscribed = db.execute("SELECT v FROM meta WHERE k = 'subscribed'").fetchone()
    if not subscribed or not follow_events(bl, db):
        load(bl, db)
    export(db, settings.roster_path)
    n = db.execute("SELECT count(*) FROM placements WHERE status IN ('Approved', 'Active')").fetchone()[0]
    print(f"poll: roster of {n} placements written ({bl.sign_ins} sign-in(s))")
    return 0
