# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Re-key and direct sync. Design: rekey reads each stored Conflux row by id (Conflux), matches it
to HireHarbor's list by number, and asks HireHarbor by id for the ones the list lacks (a merged
duplicate redirects to its survivor: the answer's id differs; 404 = deleted), rebuilds the acct_helix part of the store in one transaction, and keeps an id map and
the vendor-clock watermark (the Date header at the start of a run) in IB_STATE_DIR. sync reads what
changed since the watermark (with an overlap) and, for what a list cannot show, the activity log's
merges and deletions since then: a merged person's row folds into the survivor's (read by id), a
deleted person's row stays with deleted 1."""
from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path

from conn.http import Client

ACCT = "acct_helix"
OVERLAP = timedelta(seconds=5)


def _store() -> sqlite3.Connection:
    return sqlite3.connect(Path(os.environ["IB_OUTPUT_DIR"]) / "store.db")


def _state_file() -> Path:
    return Path(os.environ["IB_STATE_DIR"]) / "helix-direct.json"


def _hh() -> Client:
    return Client.basic(os.environ["HIREHARBOR_BASE_URL"], os.environ["HIREHARBOR_API_KEY"])


def _cfx() -> Client:
    return Client(os.environ["CONFLUX_BASE_URL"] + "/api/ats/v1",
                  {"Authorization": "Bearer " + os.environ["CONFLUX_API_KEY"],
                   "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"]})


def _vendor_now(resp) -> datetime:
    return parsedate_to_datetime(resp.headers["Date"]).astimezone(timezone.utc)


def _values(c: dict) -> dict:
    return {"first_name": c.get("first_name"), "last_name": c.get("last_name"),
            "email": (c.get("emails") or [None])[0], "phone": (c.get("phone_numbers") or [None])[0],
            "company": c.get("company"), "title": c.get("title")}


def _stamp() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _write(db, key: str, v: dict, deleted: int) -> None:
    db.execute("DELETE FROM candidates WHERE account_id = ? AND candidate_id = ?", (ACCT, key))
    db.execute("INSERT INTO candidates (account_id, candidate_id, first_name, last_name, email, phone, company,"
               " title, deleted, synced_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
               (ACCT, key, v["first_name"], v["last_name"], v["email"], v["phone"], v["company"], v["title"],
                deleted, _stamp()))


def rekey() -> int:
    hh, cfx = _hh(), _cfx()
    started = _vendor_now(hh.get("/v1/candidates", {"per_page": 1}))
    db = _store()
    rows = db.execute("SELECT candidate_id, first_name, last_name, email, phone, company, title FROM candidates"
                      " WHERE account_id = ?", (ACCT,)).fetchall()
    live: dict[int, dict] = {}
    url, params = "/v1/candidates", {"per_page": 100}
    while url:  # everyone HireHarbor lists; the others are read one by one below
        r = hh.get(url, params)
        if r.status != 200:
            raise SystemExit(f"hireharbor list: {r.status}")
        live.update({c["id"]: c for c in r.json()})
        url, params = r.next_link(), None
    idmap: dict[str, str] = {}
    plan = []  # (old key, new key, values, deleted)
    for old, *fields in rows:
        if not old.startswith("cand_"):
            continue
        r = cfx.get(f"/candidates/{old}")
        if r.status != 200:
            raise SystemExit(f"conflux {old}: {r.status} {r.body[:200]!r}")
        hid = int(r.json()["remote_id"].lstrip("0") or "0")
        if hid in live:
            plan.append((old, str(hid), _values(live[hid]), 0))
            idmap[old] = str(hid)
            continue
        h = hh.get(f"/v1/candidates/{hid}")  # urllib follows a merge's 301 to the survivor
        if h.status == 200:
            cand = h.json()
            plan.append((old, str(cand["id"]), _values(cand), 0))
        elif h.status == 404:
            plan.append((old, str(hid), dict(zip(["first_name", "last_name", "email", "phone", "company", "title"],
                                                 fields)), 1))
        else:
            raise SystemExit(f"hireharbor {hid}: {h.status}")
        idmap[old] = plan[-1][1]
    with db:
        for old, new, v, deleted in plan:
            db.execute("DELETE FROM candidates WHERE account_id = ? AND candidate_id = ?", (ACCT, old))
            db.execute("UPDATE annotations SET candidate_id = ? WHERE account_id = ? AND candidate_id = ?",
                       (new, ACCT, old))
        for old, new, v, deleted in plan:
            _write(db, new, v, deleted)
    _state_file().write_text(json.dumps({"since": started.isoformat(), "idmap": idmap}))
    return 0


def _log_since(hh: Client, since: datetime) -> list[dict]:
    """Merges and deletions in HireHarbor's activity log at or after `since` (vendor clock), oldest first."""
    out, url, params = [], "/v1/activity", {"per_page": 100}
    while url:
        r = hh.get(url, params)
        if r.status != 200:
            raise SystemExit(f"hireharbor activity: {r.status}")
        for a in r.json():
            at = datetime.fromisoformat(a["created_at"].replace("Z", "+00:00"))
            if at >= since and a["action"] in ("candidate.merged", "candidate.deleted"):
                out.append(a)
        url, params = r.next_link(), None
    return out


def _exists(db, key: str) -> bool:
    return db.execute("SELECT 1 FROM candidates WHERE account_id = ? AND candidate_id = ?",
                      (ACCT, key)).fetchone() is not None


def sync() -> int:
    state = json.loads(_state_file().read_text())
    hh = _hh()
    since = datetime.fromisoformat(state["since"]) - OVERLAP
    url, params, first = "/v1/candidates", {"per_page": 100, "updated_after": since.strftime("%Y-%m-%dT%H:%M:%SZ")}, None
    db = _store()
    with db:
        while url:
            r = hh.get(url, params)
            if r.status != 200:
                raise SystemExit(f"hireharbor list: {r.status}")
            first = first or _vendor_now(r)
            for c in r.json():
                _write(db, str(c["id"]), _values(c), 0)
            url, params = r.next_link(), None
        # what the list cannot show: people merged away or deleted since the last run
        for a in _log_since(hh, since):
            key = str(a["candidate_id"])
            if not _exists(db, key):
                continue  # never stored, or already folded on an earlier night
            if a["action"] == "candidate.deleted":
                db.execute("UPDATE candidates SET deleted = 1 WHERE account_id = ? AND candidate_id = ?", (ACCT, key))
                continue
            h = hh.get(f"/v1/candidates/{a['details']['merged_into']}")  # urllib follows further merges
            if h.status == 404:
                continue  # the survivor is gone too: its own deletion entry marks it
            if h.status != 200:
                raise SystemExit(f"hireharbor {a['details']['merged_into']}: {h.status}")
            survivor = h.json()
            new = str(survivor["id"])
            db.execute("DELETE FROM candidates WHERE account_id = ? AND candidate_id = ?", (ACCT, key))
            db.execute("UPDATE annotations SET candidate_id = ? WHERE account_id = ? AND candidate_id = ?",
                       (new, ACCT, key))
            _write(db, new, _values(survivor), 0)
            state.setdefault("idmap", {})[key] = new
    state["since"] = first.isoformat()
    _state_file().write_text(json.dumps(state))
    return 0
