# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The StaffLine -> Placemint move (reference solution).

migrate: every StaffLine placement in scope (Active, or Ended after 2025-11-30) gets exactly one
Placemint placement with external_ref SL-<id>: an existing one is updated, a pilot record that
matches (e-mail case-insensitive, client, start date) is adopted, otherwise one is created
(with an Idempotency-Key per operation). delta: the same for what changed in StaffLine since
the previous run (updated_since from StaffLine's own clock, with a small overlap). Both compare
before writing, so a rerun with nothing new changes nothing, and both rewrite the crosswalk."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
from decimal import ROUND_HALF_UP, Decimal

from conn.placemint import Placemint
from conn.staffline import StaffLine

SCOPE_AFTER = dt.date(2025, 11, 30)
STATUS = {"Active": "active", "Ended": "completed", "Cancelled": "canceled", "Closed": "completed"}
OVERLAP_S = 10
FIELDS = ("external_ref", "candidate_email", "candidate_name", "client_code", "job_title", "start_date",
          "end_date", "rate_cents", "status")


def ms_to_date(ms: int | None) -> dt.date | None:
    if ms is None:
        return None
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).date()


def rate_cents(rate: str) -> int:
    """StaffLine's decimal-string hourly rate -> integer cents, rounded half-up."""
    return int((Decimal(rate) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def in_scope(p: dict) -> bool:
    end = ms_to_date(p["end_date"])
    return p["status"] == "Active" or (p["status"] == "Ended" and end is not None and end > SCOPE_AFTER)


def desired(p: dict, cand: dict, job: dict) -> dict:
    end = ms_to_date(p["end_date"])
    return {"external_ref": f"SL-{p['id']}", "candidate_email": cand["email"],
            "candidate_name": f"{cand['first_name']} {cand['last_name']}",
            "client_code": p["client_code"] or job["client_code"], "job_title": job["title"],
            "start_date": ms_to_date(p["start_date"]).isoformat(), "end_date": end.isoformat() if end else None,
            "rate_cents": rate_cents(p["bill_rate"]), "status": STATUS[p["status"]]}


def match_key(email: str, client: str, start: str) -> tuple:
    return (email.strip().lower(), client, start)


def load_state(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {"watermark_s": None, "crosswalk": {}}


def save_state(path: str, state: dict) -> None:
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


def write_crosswalk(path: str, crosswalk: dict, orphans: list[str]) -> None:
    with open(path + ".tmp", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["staffline_id", "placemint_id", "match"])
        for sid in sorted(crosswalk, key=int):
            w.writerow([sid, crosswalk[sid]["placemint_id"], crosswalk[sid]["match"]])
        for pid in sorted(orphans):
            w.writerow(["", pid, "orphan"])
    os.replace(path + ".tmp", path)


def run(command: str) -> int:
    state_path = os.path.join(os.environ["IB_STATE_DIR"], "migration.json")
    state = load_state(state_path)
    sl, pm = StaffLine(), Placemint()
    run_start = sl.server_time()  # StaffLine's clock: its updated_at values are stamped with it

    jobs = {j["id"]: j for j in sl.list_all("/v1/jobs")}
    cands = {c["id"]: c for c in sl.list_all("/v1/candidates")}
    if command == "migrate" or state["watermark_s"] is None:
        changed = sl.list_all("/v1/placements")
    else:
        changed = sl.list_all("/v1/placements", updated_since=max(0, state["watermark_s"] - OVERLAP_S))

    rows = pm.list_all("/v1/placements")  # the plain list has no search lag
    by_ref = {r["external_ref"]: r for r in rows if r["external_ref"]}
    pilots: dict[tuple, list[dict]] = {}
    for r in rows:
        if not r["external_ref"]:
            pilots.setdefault(match_key(r["candidate_email"], r["client_code"], r["start_date"]), []).append(r)

    crosswalk = state["crosswalk"]
    created = adopted = updated = 0
    for p in sorted(changed, key=lambda p: p["id"]):
        sid = str(p["id"])
        want = desired(p, cands[p["candidate_id"]], jobs[p["job_id"]])
        row = by_ref.get(want["external_ref"])
        if row is not None:
            changes = {k: v for k, v in want.items() if row.get(k) != v}
            if row["status"] == "canceled" and changes.get("status", "canceled") != "canceled":
                changes.pop("status")  # Placemint cannot reopen a canceled placement
            if changes:
                pm.update_placement(row["id"], changes)
                updated += 1
            crosswalk.setdefault(sid, {"placemint_id": row["id"], "match": "created"})
            continue
        if not in_scope(p):
            continue
        candidates = pilots.get(match_key(want["candidate_email"], want["client_code"], want["start_date"]))
        if candidates:
            pilot = candidates.pop(0)
            changes = {k: v for k, v in want.items() if pilot.get(k) != v}
            if pilot["status"] == "canceled" and changes.get("status", "canceled") != "canceled":
                changes.pop("status")
            row = pm.update_placement(pilot["id"], changes)
            crosswalk[sid] = {"placemint_id": row["id"], "match": "adopted"}
            adopted += 1
        else:
            row = pm.create_placement(want, operation=f"marisol-sl-{sid}")
            crosswalk[sid] = {"placemint_id": row["id"], "match": "created"}
            created += 1
        by_ref[want["external_ref"]] = row

    orphans = [r["id"] for group in pilots.values() for r in group]
    write_crosswalk(os.path.join(os.environ["IB_OUTPUT_DIR"], "crosswalk.csv"), crosswalk, orphans)
    state["watermark_s"] = run_start
    state["crosswalk"] = crosswalk
    save_state(state_path, state)
    print(f"{command}: {len(changed)} StaffLine placements read; created {created}, adopted {adopted}, "
          f"updated {updated}; {len(orphans)} orphan(s) in Placemint")
    return 0
