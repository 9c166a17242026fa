# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline -> Placemint (independent alternative, written from the ticket, the starter and the
vendors' docs and live behaviour).

Design: no event subscription. `migrate` notes Benchline's own clock (the Date header) before it
walks, minus a two-minute overlap, as the watermark; `catchup` searches placements (and
candidates and job orders) modified since the watermark and moves it to its own start. Every
write compares first, so re-syncing a record twice changes nothing. Creates carry no
idempotency key: a create whose answer is lost is looked up before it is sent again. Rates are
parsed as Decimal straight from the JSON text."""
from __future__ import annotations

import csv
import datetime as dt
import json
from decimal import ROUND_HALF_EVEN, Decimal
from zoneinfo import ZoneInfo

from conn.benchline import Benchline
from conn.config import Settings
from conn.placemint import Placemint

PERTH = ZoneInfo("Australia/Perth")
OVERLAP_MS = 120_000
F = ("id,status,dateBegin,dateEnd,payRate,clientBillRate,dateLastModified,"
     "candidate(id,firstName,lastName,email),jobOrder(id,customText3)")
STATUS_MAP = {"Completed": "completed", "Terminated": "canceled"}  # every other status: active


def perth_day(ms):
    return None if ms is None else dt.datetime.fromtimestamp(ms / 1000, PERTH).date().isoformat()


def to_cents(amount) -> int:
    return int((Decimal(str(amount)) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_EVEN))


def wanted(p: dict) -> bool:
    return not (p["status"] == "Terminated" and p.get("dateEnd") is not None
                and perth_day(p["dateEnd"]) < "2026-01-01")


def target(p: dict) -> dict:
    c, j = p["candidate"], p["jobOrder"]
    return {"external_ref": f"BL-{p['id']}", "candidate_email": c["email"],
            "candidate_name": f"{c['firstName']} {c['lastName']}", "client_code": j["customText3"],
            "start_date": perth_day(p["dateBegin"]), "end_date": perth_day(p.get("dateEnd")),
            "rate_cents": to_cents(p["clientBillRate"]), "currency": "aud",
            "status": STATUS_MAP.get(p["status"], "active")}


def schedule_in_force(schedules: list[dict], day: str):
    if not schedules:
        return None
    ordered = sorted(schedules, key=lambda s: (s["effective_from"], s["created_at"], s["id"]))
    before = [s for s in ordered if s["effective_from"] <= day]
    return before[-1] if before else ordered[0]


class Migration:
    def __init__(self):
        self.s = Settings.from_env()
        self.bl = Benchline(self.s)
        self.pm = Placemint(self.s)
        self.path = self.s.state_dir / "alt-state.json"
        self.st = json.loads(self.path.read_text()) if self.path.exists() else {}
        self.index = None

    def keep(self):
        self.s.state_dir.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.st))

    def load_index(self):
        self.index = {r["external_ref"]: r for r in self.pm.all_pages("/v1/placements") if r.get("external_ref")}

    def today(self) -> str:
        return perth_day(self.bl.clock_ms)

    def sync(self, p: dict) -> None:
        if not wanted(p):
            return
        want = target(p)
        bill, pay = to_cents(p["clientBillRate"]), to_cents(p["payRate"])
        rec = self.index.get(want["external_ref"])
        if rec is None:
            rec = self.pm.create_placement(want)
            self.index[want["external_ref"]] = rec
        diff = {k: v for k, v in want.items() if rec.get(k) != v}
        if rec.get("status") == "canceled":
            diff.pop("status", None)
        if diff:
            rec = self.pm.patch(rec["id"], diff)
            self.index[want["external_ref"]] = rec
        schedules = self.pm.schedules(rec["id"])
        if not schedules:
            self.pm.add_schedule(rec["id"], {"effective_from": want["start_date"], "bill_rate_cents": bill,
                                             "pay_rate_cents": pay})
            return
        live = schedule_in_force(schedules, max(self.today(), want["start_date"]))
        if (live["bill_rate_cents"], live["pay_rate_cents"]) == (bill, pay):
            return
        day = max(want["start_date"], perth_day(p["dateLastModified"]))
        if any(s["effective_from"] == day for s in schedules):
            return
        self.pm.add_schedule(rec["id"], {"effective_from": day, "bill_rate_cents": bill, "pay_rate_cents": pay})

    def migrate(self) -> int:
        self.bl.sign_in()
        if "since_ms" not in self.st:
            self.st["since_ms"] = self.bl.clock_ms - OVERLAP_MS  # before the walk
            self.keep()
        rows = self.bl.search_all("Placement", "*", F)
        self.load_index()
        for p in rows:
            self.sync(p)
        return 0

    def catchup(self) -> int:
        self.bl.sign_in()
        began = self.bl.clock_ms
        since = self.st.get("since_ms", 0)
        window = f"dateLastModified:[{since} TO *]"
        rows = {p["id"]: p for p in self.bl.search_all("Placement", window, F)}
        for entity, field in (("Candidate", "candidate.id"), ("JobOrder", "jobOrder.id")):
            for e in self.bl.search_all(entity, window, "id"):
                for p in self.bl.search_all("Placement", f"{field}:{e['id']}", F):
                    rows[p["id"]] = p
        self.load_index()
        for pid in sorted(rows):
            self.sync(rows[pid])
        self.st["since_ms"] = began - OVERLAP_MS
        self.keep()
        return 0

    def verify(self) -> int:
        self.bl.sign_in()
        rows = [p for p in self.bl.search_all("Placement", "*", F) if wanted(p)]
        today = self.today()
        self.load_index()
        report = []
        for p in rows:
            want = target(p)
            rec = self.index.get(want["external_ref"])
            if rec is None:
                report.append({"benchline_id": p["id"], "placemint_id": "", "result": "missing"})
                continue
            good = all(rec.get(k) == v for k, v in want.items())
            if good:
                live = schedule_in_force(self.pm.schedules(rec["id"]), today)
                good = live is not None and (live["bill_rate_cents"], live["pay_rate_cents"]) == \
                    (to_cents(p["clientBillRate"]), to_cents(p["payRate"]))
            report.append({"benchline_id": p["id"], "placemint_id": rec["id"], "result": "ok" if good else "mismatch"})
        self.s.output_dir.mkdir(parents=True, exist_ok=True)
        with open(self.s.report_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=["benchline_id", "placemint_id", "result"])
            w.writeheader()
            w.writerows(report)
        return 0


def run(command: str) -> int:
    m = Migration()
    return getattr(m, command)()
