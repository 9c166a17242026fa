# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Benchline -> Placemint move (reference solution).

migrate: subscribes to Benchline's entity events *before* it walks the placements (so every
change a recruiter makes while the walk runs is waiting for catchup), then walks every
placement (200 a page, advancing by what came back) and gives each in-scope one exactly one
Placemint placement (external_ref BL-<id>) plus its fee schedule. Placemint writes carry an
Idempotency-Key per operation; a rerun looks records up first.
catchup: polls the subscription until it is empty, re-reads every placement an event names
(and those of changed candidates or job orders) and brings its Placemint record up to date: a
rate change is a new fee schedule from the Perth date of the change. An expired subscription
is replaced and everything re-walked once.
verify: compares Placemint with Benchline as it is now and writes verify_report.csv.

Dates are the account's: Benchline sends epoch ms of local midnight, and this account is in
Australia/Perth (16:00 UTC the day before), so dates are read in Perth. Rates are floats on
the wire; their decimal text is rounded half to even."""
from __future__ import annotations

import csv
import datetime as dt
import json
import sys
from decimal import ROUND_HALF_EVEN, Decimal
from zoneinfo import ZoneInfo

from conn.benchline import Benchline
from conn.config import Settings
from conn.placemint import Placemint, PlacemintError

PERTH = ZoneInfo("Australia/Perth")
CUTOFF = dt.date(2026, 1, 1)
SUBSCRIPTION = "tallgrass-placemint-migration"
FIELDS = ("id,status,dateBegin,dateEnd,payRate,clientBillRate,dateLastModified,"
          "candidate(firstName,lastName,email),jobOrder(customText3)")
STATUS = {"Submitted": "active", "Approved": "active", "Active": "active", "Completed": "completed",
          "Terminated": "canceled"}
COMPARED = ("candidate_email", "candidate_name", "client_code", "start_date", "end_date", "rate_cents",
            "currency", "status")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def perth_date(ms: int | None) -> str | None:
    if ms is None:
        return None
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).astimezone(PERTH).date().isoformat()


def cents(rate) -> int:
    """Dollars (a JSON number, a float on the wire) -> cents, rounded half to even on its decimal text."""
    return int((Decimal(repr(rate) if isinstance(rate, float) else str(rate)) * 100)
               .quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def in_scope(p: dict) -> bool:
    end = perth_date(p.get("dateEnd"))
    return not (p["status"] == "Terminated" and end is not None and end < CUTOFF.isoformat())


def expected(p: dict) -> dict:
    cand, job = p.get("candidate") or {}, p.get("jobOrder") or {}
    return {"external_ref": f"BL-{p['id']}", "candidate_email": cand.get("email"),
            "candidate_name": f"{cand.get('firstName')} {cand.get('lastName')}",
            "client_code": job.get("customText3"), "start_date": perth_date(p["dateBegin"]),
            "end_date": perth_date(p.get("dateEnd")), "rate_cents": cents(p["clientBillRate"]),
            "currency": "aud", "status": STATUS[p["status"]]}


def rates(p: dict) -> tuple[int, int]:
    return cents(p["clientBillRate"]), cents(p["payRate"])


def in_force(schedules: list[dict], today: str) -> dict | None:
    """The schedule in force on `today`: the latest starting on or before it (the first one for
    a placement that has not started)."""
    if not schedules:
        return None
    order = sorted(enumerate(schedules), key=lambda t: (t[1]["effective_from"], t[0]))
    started = [s for _, s in order if s["effective_from"] <= today]
    return started[-1] if started else order[0][1]


class Job:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.bl = Benchline(settings.benchline_url, settings.client_id, settings.client_secret,
                            settings.username, settings.password)
        self.pm = Placemint(settings.placemint_url, settings.placemint_key)
        self.state_path = settings.state_dir / "migration.json"
        self.state = json.loads(self.state_path.read_text()) if self.state_path.exists() else {}
        self.by_ref: dict[str, dict] | None = None

    def save(self) -> None:
        self.settings.state_dir.mkdir(parents=True, exist_ok=True)
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.state, indent=1, sort_keys=True))
        tmp.replace(self.state_path)

    # --- Placemint side -----------------------------------------------------------------------
    def placemint_index(self) -> dict[str, dict]:
        if self.by_ref is None:
            self.by_ref = {r["external_ref"]: r for r in self.pm.list_all("/v1/placements") if r.get("external_ref")}
        return self.by_ref

    def schedules(self, plc_id: str) -> list[dict]:
        return self.pm.list_all(f"/v1/placements/{plc_id}/fee_schedules")

    def add_schedule(self, plc: dict, ref: str, effective: str, bill: int, pay: int) -> None:
        body = {"effective_from": effective, "bill_rate_cents": bill, "pay_rate_cents": pay}
        self.pm.request("POST", f"/v1/placements/{plc['id']}/fee_schedules", body,
                        key=self.pm.key(f"fsch-{ref}-{effective}", body))

    def upsert(self, p: dict, fresh: bool = False) -> None:
        """Bring the Placemint side of Benchline placement `p` up to date. `fresh`: the index was
        read this run before any write for `p`, so a missing record has no schedules either."""
        index = self.placemint_index()
        exp = expected(p)
        ref = exp["external_ref"]
        rec = index.get(ref)
        if not in_scope(p):
            if rec is not None:
                log(f"{ref}: out of scope now but already in Placemint ({rec['id']}); left for finance")
            return
        bill, pay = rates(p)
        if rec is None:
            try:
                rec = self.pm.request("POST", "/v1/placements", exp, key=self.pm.key(f"plc-{ref}", exp))
            except PlacemintError as e:
                if e.status != 409:
                    raise
                found = self.pm.list_all(f"/v1/placements?external_ref={ref}")
                if not found:
                    raise
                rec = found[0]
                fresh = False
            index[ref] = rec
            if fresh:
                self.add_schedule(rec, ref, exp["start_date"], bill, pay)
                return
        changes = {k: v for k, v in exp.items() if rec.get(k) != v}
        if rec.get("status") == "canceled" and changes.get("status") not in (None, "canceled"):
            log(f"{ref}: canceled in Placemint, cannot be reopened to {changes['status']}")
            changes.pop("status")
        if changes:
            rec = self.pm.request("PATCH", f"/v1/placements/{rec['id']}", changes)
            index[ref] = rec
        schedules = self.schedules(rec["id"])
        if not schedules:
            self.add_schedule(rec, ref, exp["start_date"], bill, pay)
            return
        newest = sorted(enumerate(schedules), key=lambda t: (t[1]["effective_from"], t[0]))[-1][1]
        if (newest.get("bill_rate_cents"), newest.get("pay_rate_cents")) == (bill, pay):
            return
        effective = max(exp["start_date"], perth_date(p["dateLastModified"]))
        if effective in {s["effective_from"] for s in schedules}:
            log(f"{ref}: rates changed again on {effective}; a schedule from that day exists, left for finance")
            return
        self.add_schedule(rec, ref, effective, bill, pay)

    # --- runs ---------------------------------------------------------------------------------
    def walk(self) -> list[dict]:
        return list(self.bl.search("Placement", "*", FIELDS))

    def subscribe(self) -> None:
        self.bl.subscribe(SUBSCRIPTION, "Placement,Candidate,JobOrder")
        self.state.update(subscription=SUBSCRIPTION, last_request_id=None)
        self.save()

    def migrate(self) -> int:
        if not self.state.get("subscription"):
            self.subscribe()  # before the walk: what changes during it arrives as events
        placements = self.walk()
        fresh = not self.state.get("backfilled")
        index = self.placemint_index()
        for p in placements:
            self.upsert(p, fresh=fresh and f"BL-{p['id']}" not in index)
        self.state["backfilled"] = True
        self.save()
        log(f"migrate: {len(placements)} placements read, {len(self.placemint_index())} in Placemint")
        return 0

    def _affected(self, events: list[dict]) -> set[int]:
        ids: set[int] = set()
        for ev in events:
            name, eid = ev.get("entityName"), ev.get("entityId")
            if name == "Placement":
                ids.add(int(eid))
            elif name in ("Candidate", "JobOrder"):
                field = "candidate.id" if name == "Candidate" else "jobOrder.id"
                ids.update(int(p["id"]) for p in self.bl.search("Placement", f"{field}:{eid}", "id"))
        return ids

    def catchup(self) -> int:
        if not self.state.get("subscription"):
            log("catchup: no subscription yet; run migrate first")
            return 1
        done = 0
        while True:
            r = self.bl.poll(SUBSCRIPTION)
            if r.status_code in (404, 410):  # expired (or gone): subscribe again, reload once
                log("catchup: the subscription expired; re-walking everything")
                self.subscribe()
                for p in self.walk():
                    self.upsert(p)
                continue
            if r.status_code != 200:
                raise RuntimeError(f"poll: {r.status_code} {r.text[:200]}")
            batch = r.json()
            events = batch.get("events") or []
            if not events:
                break
            ids = sorted(self._affected(events))
            for p in self.bl.entities("Placement", ids, FIELDS):
                self.upsert(p)
            self.state["last_request_id"] = batch.get("requestId")
            self.save()
            done += len(ids)
        log(f"catchup: {done} placements brought up to date")
        return 0

    def verify(self) -> int:
        placements = [p for p in self.walk() if in_scope(p)]
        today = self.bl.server_date.astimezone(PERTH).date().isoformat()
        index = self.placemint_index()
        rows = []
        for p in placements:
            exp = expected(p)
            rec = index.get(exp["external_ref"])
            if rec is None:
                rows.append((p["id"], "", "missing"))
                continue
            ok = all(rec.get(k) == exp[k] for k in COMPARED)
            if ok:
                sched = in_force(self.schedules(rec["id"]), today)
                ok = sched is not None and (sched.get("bill_rate_cents"), sched.get("pay_rate_cents")) == rates(p)
            rows.append((p["id"], rec["id"], "ok" if ok else "mismatch"))
        self.settings.output_dir.mkdir(parents=True, exist_ok=True)
        with open(self.settings.report_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["benchline_id", "placemint_id", "result"])
            w.writerows(rows)
        log(f"verify: {sum(r[2] == 'ok' for r in rows)} ok of {len(rows)}")
        return 0


def run(command: str) -> int:
    job = Job(Settings.from_env())
    return {"migrate": job.migrate, "catchup": job.catchup, "verify": job.verify}[command]()
