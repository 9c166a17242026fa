# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Gate list from Benchline, independent rewrite.

The state folder holds an SQLite copy of what the gate list needs: placements (status, dates,
candidate and job order ids), candidates (name) and job orders (site code). The first run
subscribes, then loads the Approved placements with their people and sites. Later runs read
the event subscription: Placement events re-read those placements by id (a missing one was
deleted), JobOrder and Candidate events re-read the job order or candidate itself. The gate
list is computed from the copy with Benchline's date of today.

Lost answers: polls consume their batch. The requestId of the last batch applied is stored;
Benchline counts polls 1, 2, 3 ..., so when a poll's answer does not arrive the batch is asked
for again as requestId = stored + 1, and a 400 there means the poll never got through."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import sqlite3
import time
from zoneinfo import ZoneInfo

from .bl_client import Client, Lost, Refused
from .config import Settings

SUB = "rvm-gate-alt"
CHICAGO = ZoneInfo("America/Chicago")
P_FIELDS = "id,status,dateBegin,dateEnd,candidate(firstName,lastName),jobOrder(customText3)"


def day(ms):
    if ms is None:
        return None
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc).astimezone(CHICAGO).date().isoformat()


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS meta(k TEXT PRIMARY KEY, v TEXT);
            CREATE TABLE IF NOT EXISTS placement(id INTEGER PRIMARY KEY, status TEXT, begin TEXT, end TEXT,
                                                 cand INTEGER, job INTEGER);
            CREATE TABLE IF NOT EXISTS person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE IF NOT EXISTS site(id INTEGER PRIMARY KEY, code TEXT);
        """)

    def get(self, k, default=None):
        row = self.db.execute("SELECT v FROM meta WHERE k = ?", (k,)).fetchone()
        return json.loads(row[0]) if row else default

    def put(self, k, v):
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (k, json.dumps(v)))

    def placement(self, p: dict):
        c, j = p.get("candidate") or {}, p.get("jobOrder") or {}
        self.db.execute("INSERT OR REPLACE INTO placement VALUES (?, ?, ?, ?, ?, ?)",
                        (p["id"], p.get("status"), day(p.get("dateBegin")), day(p.get("dateEnd")), c.get("id"), j.get("id")))
        if c.get("id") is not None:
            self.person(c)
        if j.get("id") is not None:
            self.site(j)

    def person(self, c: dict):
        name = " ".join(x for x in (c.get("firstName"), c.get("lastName")) if x) or None
        self.db.execute("INSERT OR REPLACE INTO person VALUES (?, ?)", (c["id"], name))

    def site(self, j: dict):
        self.db.execute("INSERT OR REPLACE INTO site VALUES (?, ?)", (j["id"], j.get("customText3") or None))


def read_ids(cl: Client, entity: str, ids: list[int], fields: str) -> list[dict]:
    out = []
    for i in range(0, len(ids), 50):
        part = ids[i:i + 50]
        r = cl.safe("GET", f"entity/{entity}/{','.join(map(str, part))}", {"fields": fields})
        if r.status_code == 404:
            continue
        if r.status_code != 200:
            raise Refused(f"entity/{entity}: {r.status_code}")
        data = r.json()["data"]
        out += data if isinstance(data, list) else [data]
    return out


def load(cl: Client, st: Store):
    st.db.execute("DELETE FROM placement")
    start = 0
    while True:
        r = cl.safe("GET", "search/Placement", {"query": "status:Approved", "fields": P_FIELDS,
                                                "start": start, "count": 200, "sort": "id"})
        if r.status_code != 200:
            raise Refused(f"search: {r.status_code}")
        page = r.json()
        for p in page["data"]:
            st.placement(p)
        start += len(page["data"])
        if not page["data"] or start >= page["total"]:
            break


def subscribe(cl: Client, st: Store):
    params = {"type": "entity", "names": "Placement,JobOrder,Candidate", "eventTypes": "INSERTED,UPDATED,DELETED"}
    r = cl.safe("PUT", f"event/subscription/{SUB}", params)
    if r.status_code == 409:
        cl.safe("DELETE", f"event/subscription/{SUB}")
        r = cl.safe("PUT", f"event/subscription/{SUB}", params)
    if r.status_code != 200:
        raise Refused(f"subscribe: {r.status_code}")
    st.put("last_request", r.json().get("lastRequestId", 0))
    st.put("subscribed", True)


def poll_once(cl: Client, st: Store):
    """(requestId, events) of the next batch, or None when the subscription expired."""
    last = st.get("last_request", 0)
    ask: dict = {"maxEvents": 200}
    for attempt in range(8):
        try:
            r = cl.request("GET", f"event/subscription/{SUB}", ask)
            if r.status_code == 410 or r.status_code == 404:
                return None
            if r.status_code == 400 and "requestId" in ask:
                ask = {"maxEvents": 200}
                continue
            if r.status_code != 200:
                raise Refused(f"poll: {r.status_code} {r.text[:200]}")
            body = r.json()
            return body["requestId"], body["events"]
        except (Lost, ValueError):
            ask = {"requestId": last + 1}
            time.sleep(0.3 * (attempt + 1))
    raise Refused("poll: no answer")


def follow(cl: Client, st: Store) -> bool:
    while True:
        got = poll_once(cl, st)
        if got is None:
            return False
        rid, events = got
        touched: dict[str, set[int]] = {"Placement": set(), "JobOrder": set(), "Candidate": set()}
        for e in events:
            touched.setdefault(e["entityName"], set()).add(int(e["entityId"]))
        if touched["Placement"]:
            ids = sorted(touched["Placement"])
            live = {p["id"]: p for p in read_ids(cl, "Placement", ids, P_FIELDS)}
            for pid in ids:
                if pid in live:
                    st.placement(live[pid])
                else:
                    st.db.execute("DELETE FROM placement WHERE id = ?", (pid,))
        if touched["JobOrder"]:
            for j in read_ids(cl, "JobOrder", sorted(touched["JobOrder"]), "id,customText3"):
                st.site(j)
        if touched["Candidate"]:
            for c in read_ids(cl, "Candidate", sorted(touched["Candidate"]), "id,firstName,lastName"):
                st.person(c)
        st.put("last_request", rid)
        st.db.commit()
        if not events:
            return True


def write(settings: Settings, st: Store, today: dt.date) -> int:
    rows = st.db.execute("""
        SELECT p.id, n.name, s.code, p.begin, p.end FROM placement p
        LEFT JOIN person n ON n.id = p.cand LEFT JOIN site s ON s.id = p.job
        WHERE p.status = 'Approved' AND (p.end IS NULL OR p.end >= ?) ORDER BY p.id""", (today.isoformat(),)).fetchall()
    tmp = settings.gate_list_path.with_name("gate_list.csv.part")
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["placement_id", "candidate", "site", "date_begin", "date_end"])
        for row in rows:
            w.writerow(["" if v is None else v for v in row])
    os.replace(tmp, settings.gate_list_path)
    return len(rows)


def poll(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    st = Store(settings.state_dir / "gate-alt.sqlite")
    cl = Client(settings.base_url, settings.client_id, settings.client_secret, settings.username,
                settings.password, st.get("session"), st.get("rest_url"))
    try:
        if not st.get("subscribed") or not follow(cl, st):
            subscribe(cl, st)
            load(cl, st)
        if cl.benchline_today is None:
            cl.safe("GET", "ping")
    except Refused as exc:
        print(f"poll failed: {exc}")
        return 1
    finally:
        st.put("session", cl.session)
        st.put("rest_url", cl.rest_url)
        st.db.commit()
    n = write(settings, st, cl.benchline_today)
    print(f"gate list: {n} rows for {cl.benchline_today} ({cl.signins} sign-in(s))")
    return 0
