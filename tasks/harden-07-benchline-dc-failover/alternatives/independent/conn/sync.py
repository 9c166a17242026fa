# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Roster sync, independent design: an SQLite copy of every placement (whatever its status)
with its worker and site, kept current from Benchline's event subscription; roster.csv is a
query over it. The first load (and the one reload after the subscription expired) reads every
placement with query=* and filters locally; when the session is lost during a load, the load
starts over on the new session (nothing half-read is kept)."""
from __future__ import annotations

import csv
import os
import sqlite3
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from .benchline import BenchlineError, Client, SessionLost

SUB = "cvr-roster-independent"
FIELDS = "id,status,dateBegin,dateEnd,customText1,candidate(id,firstName,lastName),jobOrder(id,customText3)"
CHICAGO = ZoneInfo("America/Chicago")

SCHEMA = """
CREATE TABLE IF NOT EXISTS placement (id INTEGER PRIMARY KEY, status TEXT, begin TEXT, end_ TEXT,
    role TEXT, cand INTEGER, job INTEGER);
CREATE TABLE IF NOT EXISTS worker (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE IF NOT EXISTS site (id INTEGER PRIMARY KEY, code TEXT);
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
"""


def _day(ms):
    if ms is None:
        return None
    return datetime.fromtimestamp(ms / 1000, timezone.utc).astimezone(CHICAGO).strftime("%Y-%m-%d")


def _store(db: sqlite3.Connection, p: dict) -> None:
    c, j = p.get("candidate") or {}, p.get("jobOrder") or {}
    db.execute("INSERT OR REPLACE INTO placement VALUES (?,?,?,?,?,?,?)",
               (p["id"], p.get("status"), _day(p.get("dateBegin")), _day(p.get("dateEnd")),
                p.get("customText1"), c.get("id"), j.get("id")))
    if c.get("id") is not None:
        name = " ".join(x for x in (c.get("firstName"), c.get("lastName")) if x)
        db.execute("INSERT OR REPLACE INTO worker VALUES (?, ?)", (c["id"], name))
    if j.get("id") is not None:
        db.execute("INSERT OR REPLACE INTO site VALUES (?, ?)", (j["id"], j.get("customText3")))


def _subscribe(bl: Client) -> None:
    bl.retrying("DELETE", f"event/subscription/{SUB}")  # 404 when there is none: fine
    resp = bl.retrying("PUT", f"event/subscription/{SUB}", {
        "type": "entity", "names": "Placement,JobOrder,Candidate", "eventTypes": "INSERTED,UPDATED,DELETED"})
    if resp.status_code != 200:
        raise BenchlineError(f"subscribe answered {resp.status_code}: {resp.text[:200]}")


def _load(bl: Client, db: sqlite3.Connection) -> None:
    for _ in range(3):
        try:
            rows, start = [], 0
            while True:
                resp = bl.request("GET", "search/Placement", {"query": "*", "fields": FIELDS, "start": start,
                                                              "count": 200})
                if resp.status_code != 200:
                    raise BenchlineError(f"search answered {resp.status_code}")
                page = resp.json()
                rows += page["data"]
                start += page["count"]
                if not page["data"] or start >= page["total"]:
                    break
        except SessionLost:
            continue  # the load starts over on the new session
        with db:
            db.execute("DELETE FROM placement")
            for p in rows:
                _store(db, p)
        return
    raise BenchlineError("the session kept dying during the load")


def _catch_up(bl: Client, db: sqlite3.Connection) -> bool:
    """Apply the pending events; False when Benchline says the subscription is gone."""
    while True:
        resp = bl.retrying("GET", f"event/subscription/{SUB}", {"maxEvents": 500})
        if resp.status_code in (404, 410):
            return False
        if resp.status_code != 200:
            raise BenchlineError(f"poll answered {resp.status_code}")
        events = resp.json().get("events") or []
        if not events:
            return True
        ids = {"Placement": set(), "JobOrder": set(), "Candidate": set()}
        for ev in events:
            ids.setdefault(ev["entityName"], set()).add(int(ev["entityId"]))
        for kind, col in (("JobOrder", "job"), ("Candidate", "cand")):
            for i in ids[kind]:
                ids["Placement"].update(r[0] for r in db.execute(f"SELECT id FROM placement WHERE {col} = ?", (i,)))
        wanted = sorted(ids["Placement"])
        seen = set()
        for k in range(0, len(wanted), 50):
            chunk = wanted[k:k + 50]
            resp = bl.retrying("GET", "entity/Placement/" + ",".join(map(str, chunk)), {"fields": FIELDS})
            if resp.status_code == 200:
                data = resp.json()["data"]
                for p in data if isinstance(data, list) else [data]:
                    seen.add(p["id"])
                    _store(db, p)
            elif resp.status_code != 404:
                raise BenchlineError(f"entity read answered {resp.status_code}")
        with db:
            for pid in set(wanted) - seen:
                db.execute("DELETE FROM placement WHERE id = ?", (pid,))


def _write(db: sqlite3.Connection, out_dir: str) -> int:
    rows = db.execute("""SELECT p.id, w.name, s.code, p.role, p.begin, p.end_, p.status FROM placement p
                         LEFT JOIN worker w ON w.id = p.cand LEFT JOIN site s ON s.id = p.job
                         WHERE p.status IN ('Approved', 'Active') ORDER BY p.id""").fetchall()
    tmp = os.path.join(out_dir, ".roster.csv.part")
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["placement_id", "worker", "site_code", "role", "date_begin", "date_end", "status"])
        for r in rows:
            w.writerow(["" if v is None else v for v in r])
    os.replace(tmp, os.path.join(out_dir, "roster.csv"))
    return len(rows)


def sync(settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(settings.state_dir / "roster.sqlite")
    db.executescript(SCHEMA)
    bl = Client(dict(os.environ), db)
    loaded = db.execute("SELECT v FROM meta WHERE k = 'loaded'").fetchone()
    if not loaded or not _catch_up(bl, db):
        _subscribe(bl)
        _load(bl, db)
        with db:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('loaded', '1')")
    n = _write(db, str(settings.output_dir))
    print(f"sync: {n} on the roster, {bl.logins} login(s)")
    return 0
