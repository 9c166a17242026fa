# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The switch-over (`rekey`) and the direct nightly sync (`sync`) of the acct_helix rows."""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

from conn import store
from conn.conflux import Conflux
from conn.hireharbor import HireHarbor

ACCOUNT = "acct_helix"
UPSERT = ("INSERT INTO candidates (account_id, candidate_id, first_name, last_name, email, phone, company, title,"
          " deleted, synced_at) VALUES (?,?,?,?,?,?,?,?,0,?) ON CONFLICT (account_id, candidate_id) DO UPDATE SET"
          " first_name=excluded.first_name, last_name=excluded.last_name, email=excluded.email,"
          " phone=excluded.phone, company=excluded.company, title=excluded.title, deleted=0,"
          " synced_at=excluded.synced_at")


def _state_path() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", ".")) / "direct.json"


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _fields(c: dict) -> tuple:
    emails, phones = c.get("emails") or [], c.get("phone_numbers") or []
    return (c["first_name"], c["last_name"], emails[0] if emails else None, phones[0] if phones else None,
            c.get("company"), c.get("title"))


def _watermark(rows: list[dict], old: str | None) -> str | None:
    stamps = [r["updated_at"] for r in rows if r.get("updated_at")] + ([old] if old else [])
    return max(stamps, key=lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))) if stamps else None


def _move(db, old_key: str, new_key: str) -> None:
    db.execute("UPDATE annotations SET candidate_id = ? WHERE account_id = ? AND candidate_id = ?",
               (new_key, ACCOUNT, old_key))


def _resolve(hh: HireHarbor, hid: int) -> tuple[str, int | None]:
    """('live', hid) | ('merged', winner) | ('gone', None), following merge chains."""
    seen = set()
    while hid not in seen:
        seen.add(hid)
        r = hh.request("GET", f"/v1/candidates/{hid}")
        if r.status_code == 200:
            return ("live" if not seen - {hid} else "merged"), hid
        if r.status_code in (301, 409):
            hid = int(r.json()["merged_into"])
            continue
        if r.status_code == 404:
            return "gone", None
        r.raise_for_status()
    raise RuntimeError(f"merge loop at {hid}")


def _activity(hh: HireHarbor, seen: int, last_id: int) -> tuple[list[dict], int, int]:
    """HireHarbor's activity entries after `last_id`, read from the page that holds entry number
    `seen` on (the log only grows, oldest first); returns them with the new (seen, last_id)."""
    per = 100
    page = seen // per + 1
    r = hh.request("GET", "/v1/activity", params={"page": page, "per_page": per})
    new, count = [], (page - 1) * per
    while True:
        r.raise_for_status()
        rows = r.json()
        count += len(rows)
        new += [a for a in rows if a["id"] > last_id]
        nxt = r.links.get("next", {}).get("url")
        if not nxt:
            break
        r = hh.request("GET", nxt)
    return new, count, max([last_id] + [a["id"] for a in new])


def _fold(db, hh: HireHarbor, entries: list[dict], fresh: dict[int, dict], now: str) -> None:
    """Carries merges and deletions recorded since the last run into the store: a merged duplicate's
    row goes, its annotations move to the survivor's row; a deleted person's row stays, deleted 1."""
    merged = {a["candidate_id"]: int(a["details"]["merged_into"]) for a in entries if a["action"] == "candidate.merged"}
    for a in entries:
        key = str(a["candidate_id"])
        if a["action"] == "candidate.deleted":
            db.execute("UPDATE candidates SET deleted = 1 WHERE account_id = ? AND candidate_id = ?", (ACCOUNT, key))
        elif a["action"] == "candidate.merged":
            target, hops = merged[a["candidate_id"]], 0
            while target in merged and hops < 10:  # merged again, later in the same night
                target, hops = merged[target], hops + 1
            win = str(target)
            had = db.execute("SELECT 1 FROM candidates WHERE account_id = ? AND candidate_id = ?",
                             (ACCOUNT, key)).fetchone()
            if had is None:
                continue  # a person the store never had
            has = db.execute("SELECT 1 FROM candidates WHERE account_id = ? AND candidate_id = ?",
                             (ACCOUNT, win)).fetchone()
            if has is None:
                cand = fresh.get(target)
                if cand is None:
                    state, t = _resolve(hh, target)
                    if state == "gone":
                        db.execute("UPDATE candidates SET candidate_id = ? WHERE account_id = ? AND candidate_id = ?",
                                   (win, ACCOUNT, key))
                        _move(db, key, win)
                        continue
                    win, cand = str(t), hh.request("GET", f"/v1/candidates/{t}").json()
                db.execute(UPSERT, (ACCOUNT, win, *_fields(cand), now))
            db.execute("DELETE FROM candidates WHERE account_id = ? AND candidate_id = ?", (ACCOUNT, key))
            _move(db, key, win)


def rekey() -> int:
    db = store.connect()
    hh = HireHarbor()
    _, seen, last_id = _activity(hh, 0, 0)  # where HireHarbor's change record stands at the switch
    remote = {c["id"]: c["remote_id"] for c in Conflux(ACCOUNT).walk("/candidates", include_remote_deleted="true")}
    live = {c["id"]: c for c in hh.walk("/v1/candidates")}
    rows = db.execute("SELECT candidate_id FROM candidates WHERE account_id = ?", (ACCOUNT,)).fetchall()
    now = _now()
    for (old,) in rows:
        if old.isdigit() and str(int(old)) == old:
            continue  # already re-keyed (a re-run)
        hid = int(remote[old])  # "000417" -> 417
        if hid in live:
            state, target = "live", hid
        else:
            state, target = _resolve(hh, hid)
        if state == "gone":
            new = str(hid)
            db.execute("UPDATE candidates SET candidate_id = ?, deleted = 1 WHERE account_id = ? AND candidate_id = ?",
                       (new, ACCOUNT, old))
            _move(db, old, new)
            continue
        new = str(target)
        cand = live.get(target)
        if cand is None:
            cand = hh.request("GET", f"/v1/candidates/{target}").json()
            live[target] = cand
        db.execute("DELETE FROM candidates WHERE account_id = ? AND candidate_id = ?", (ACCOUNT, old))
        db.execute(UPSERT, (ACCOUNT, new, *_fields(cand), now))
        _move(db, old, new)
    for hid, cand in live.items():  # people HireHarbor has that the store never saw
        db.execute(UPSERT, (ACCOUNT, str(hid), *_fields(cand), now))
    db.commit()
    _state_path().write_text(json.dumps({"watermark": _watermark(list(live.values()), None),
                                          "activity_seen": seen, "activity_last_id": last_id}))
    return 0


def sync() -> int:
    state = json.loads(_state_path().read_text())
    wm = state.get("watermark")
    since = (datetime.fromisoformat(wm.replace("Z", "+00:00")) - timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    hh = HireHarbor()
    entries, seen, last_id = _activity(hh, state.get("activity_seen", 0), state.get("activity_last_id", 0))
    changed = list(hh.walk("/v1/candidates", updated_after=since))
    db = store.connect()
    now = _now()
    for c in changed:
        db.execute(UPSERT, (ACCOUNT, str(c["id"]), *_fields(c), now))
    _fold(db, hh, entries, {c["id"]: c for c in changed}, now)
    db.commit()
    _state_path().write_text(json.dumps({"watermark": _watermark(changed, wm),
                                          "activity_seen": seen, "activity_last_id": last_id}))
    return 0
