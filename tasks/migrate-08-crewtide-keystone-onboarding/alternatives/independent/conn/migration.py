# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Independent alternative, written from TICKET.md, the starter and the vendor docs.

Design: a ledger in IB_STATE_DIR. `migrate` records, per Crewtide onboarding, the Keystone
employee it created and, per Crewtide task, the Keystone item, together with the values last
written, and the newest `updated-at` it saw among onboardings and among tasks (Crewtide's own
stamps, so its clock). `sync-progress` asks Crewtide for the onboardings and the tasks updated at
or after those marks (the plan counts every record handed out: a morning may read 100; the
filter is inclusive, so the last second's records come again and compare equal), compares them
with the ledger and writes only the differences; each write re-reads the record for its ETag and
keeps every field HR may have changed. A run cut off half-way is picked up by adopting employees
whose ExternalRef is already in Keystone (found in the full employee list)."""
from __future__ import annotations

import csv
import json
import os
import sys
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from conn.config import Settings
from conn.crewtide import Crewtide
from conn.keystone import Keystone, KeystoneError, document, fields_of, q

ALDER = ZoneInfo("America/New_York")
READ_ONLY = {"Id", "EmployeeId", "EmployeeNo", "CreatedAt", "UpdatedAt"}


def ddmmyyyy(d: date | None) -> str | None:
    return None if d is None else f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


def local_day(instant: str | None) -> str | None:
    if instant is None:
        return None
    when = datetime.strptime(instant, "%Y-%m-%dT%H:%M:%S%z") if instant.endswith("Z") is False else \
        datetime.fromisoformat(instant[:-1] + "+00:00")
    return ddmmyyyy(when.astimezone(ALDER).date())


def load_codes() -> dict[str, str]:
    for base in (Path.cwd(), Path(__file__).resolve().parent.parent):
        f = base / "materials" / "task_codes.csv"
        if f.exists():
            with open(f, newline="") as fh:
                return {row["crewtide_code"]: row["keystone_code"] for row in csv.DictReader(fh)}
    raise SystemExit("materials/task_codes.csv not found")


class Ledger:
    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "onboarding-ledger.json"
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {"employees": {}, "items": {}}
        self.data.setdefault("marks", {})

    def advance(self, kind: str, records: list[dict]) -> None:
        """The newest updated-at seen of one kind (ISO-8601 UTC strings compare as times)."""
        stamps = [r["attributes"]["updated-at"] for r in records if r["attributes"].get("updated-at")]
        if stamps:
            self.data["marks"][kind] = max(stamps + [self.data["marks"].get(kind, "")])

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True))
        os.replace(tmp, self.path)


class Job:
    def __init__(self) -> None:
        cfg = Settings.from_env()
        self.crewtide = Crewtide(cfg)
        self.keystone = Keystone(cfg)
        self.codes = load_codes()
        self.ledger = Ledger(cfg.state_dir)

    # Crewtide, read without includes: everything, or what changed since the ledger's marks
    def crewtide_state(self, incremental: bool = False):
        marks = self.ledger.data["marks"]
        lists = {}
        for kind, path in (("onboardings", "/v1/onboardings"), ("tasks", "/v1/onboarding-tasks")):
            params = {"filter[updated-at][from]": marks[kind]} if incremental and marks.get(kind) else {}
            lists[kind], _ = self.crewtide.walk(path, params)
        by_onb: dict[str, list[dict]] = {}
        for t in lists["tasks"]:
            by_onb.setdefault(t["relationships"]["onboarding"]["data"]["id"], []).append(t)
        return lists["onboardings"], lists["tasks"], by_onb

    def item_for(self, task: dict) -> dict:
        a = task["attributes"]
        return {"Code": self.codes.get(a.get("code") or "", "OTHER"), "Title": a["title"],
                "Status": "done" if a.get("done-at") else "open", "DoneOn": local_day(a.get("done-at"))}

    # Keystone writes
    def replace(self, path: str, root: str, changes: dict) -> dict:
        """GET the record, apply `changes` on top of what Keystone holds, PUT it back."""
        for _ in range(3):
            el, etag = self.keystone.request("GET", path)
            current = {k: v for k, v in fields_of(el).items() if k not in READ_ONLY}
            if all(current.get(k) == v for k, v in changes.items()):
                return current
            current.update(changes)
            try:
                self.keystone.request("PUT", path, document(root, list(current.items())), etag=etag)
                return current
            except KeystoneError as exc:
                if exc.status != 412:
                    raise
        raise RuntimeError(f"{path}: kept changing under us")

    def add_items(self, emp_id: str, tasks: list[dict]) -> None:
        items = self.ledger.data["items"]
        existing = {}
        root, _ = self.keystone.request("GET", f"/employees/{emp_id}/onboarding-items")
        for el in root.findall(q("OnboardingItem")):
            f = fields_of(el)
            existing.setdefault((f.get("Code"), f.get("Title")), f)
        for t in sorted(tasks, key=lambda t: int(t["id"])):
            if t["id"] in items:
                continue
            want = self.item_for(t)
            found = existing.pop((want["Code"], want["Title"]), None)
            if found is None:
                el, _ = self.keystone.request("POST", f"/employees/{emp_id}/onboarding-items",
                                              document("OnboardingItem", list(want.items())))
                found = fields_of(el)
            elif any(found.get(k) != v for k, v in want.items()):
                self.replace(f"/onboarding-items/{found['Id']}", "OnboardingItem", want)
            items[t["id"]] = {"item": found["Id"], **want}
            self.ledger.save()

    def migrate(self) -> int:
        onboardings, all_tasks, tasks = self.crewtide_state()
        people, _ = self.crewtide.walk("/v1/candidates")
        person = {p["id"]: p["attributes"] for p in people}
        known = {fields_of(e).get("ExternalRef"): fields_of(e) for e in self.keystone.employees()}
        emps = self.ledger.data["employees"]
        for onb in onboardings:
            if onb["attributes"]["status"] != "active" or onb["id"] in emps:
                if onb["id"] in emps:
                    self.add_items(emps[onb["id"]]["employee"], tasks.get(onb["id"], []))
                continue
            ref = "CT-" + onb["id"]
            start = ddmmyyyy(date.fromisoformat(onb["attributes"]["start-date"]))
            emp = known.get(ref)
            if emp is None:
                p = person[onb["relationships"]["candidate"]["data"]["id"]]
                el, _ = self.keystone.request("POST", "/employees", document("Employee", [
                    ("ExternalRef", ref), ("FirstName", p["given-name"]), ("LastName", p["family-name"]),
                    ("Email", p.get("email")), ("Phone", p.get("phone")), ("StartDate", start)]))
                emp = fields_of(el)
            emps[onb["id"]] = {"employee": emp["Id"], "StartDate": emp.get("StartDate"), "Status": emp.get("Status")}
            self.ledger.save()
            self.add_items(emp["Id"], tasks.get(onb["id"], []))
        self.ledger.advance("onboardings", onboardings)
        self.ledger.advance("tasks", all_tasks)
        self.ledger.save()
        print(f"migrate: {len(emps)} onboardings in Keystone", file=sys.stderr)
        return 0

    def sync_progress(self) -> int:
        emps, items = self.ledger.data["employees"], self.ledger.data["items"]
        if not emps or not self.ledger.data["marks"]:
            print("sync-progress: nothing migrated yet", file=sys.stderr)
            return 1
        onboardings, changed_tasks, tasks = self.crewtide_state(incremental=True)
        writes = 0
        for onb in onboardings:
            mine = emps.get(onb["id"])
            if mine is None:
                continue
            want = {"StartDate": ddmmyyyy(date.fromisoformat(onb["attributes"]["start-date"]))}
            if onb["attributes"]["status"] == "cancelled":
                want["Status"] = "withdrawn"
            diff = {k: v for k, v in want.items() if mine.get(k) != v}
            if diff:
                saved = self.replace(f"/employees/{mine['employee']}", "Employee", diff)
                mine.update({"StartDate": saved.get("StartDate"), "Status": saved.get("Status")})
                self.ledger.save()
                writes += 1
        for onb_id, group in tasks.items():
            mine = emps.get(onb_id)
            if mine is None:
                continue
            new_tasks = []
            for t in group:
                rec = items.get(t["id"])
                if rec is None:
                    new_tasks.append(t)
                    continue
                want_item = self.item_for(t)
                diff = {k: v for k, v in want_item.items() if rec.get(k) != v}
                if diff:
                    self.replace(f"/onboarding-items/{rec['item']}", "OnboardingItem", diff)
                    rec.update(diff)
                    self.ledger.save()
                    writes += 1
            if new_tasks:
                self.add_items(mine["employee"], new_tasks)
        self.ledger.advance("onboardings", onboardings)
        self.ledger.advance("tasks", changed_tasks)
        self.ledger.save()
        print(f"sync-progress: {writes} changes", file=sys.stderr)
        return 0


def run(command: str) -> int:
    job = Job()
    return job.migrate() if command == "migrate" else job.sync_progress()
