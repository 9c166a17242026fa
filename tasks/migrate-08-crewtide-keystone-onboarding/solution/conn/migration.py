# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Crewtide -> Keystone onboarding move (reference solution).

`migrate` reads all of Crewtide's onboardings with their tasks and candidates (migration day is
budgeted for the whole account) and every Keystone employee, and reconciles. Each morning's
`sync-progress` reads only what changed in Crewtide since the previous run (Alder's plan counts
every record the API hands out, at most 100 a sync): onboardings updated since (start dates,
cancellations) and, apart from them, tasks updated since -- a tick moves the task's updated-at,
not the onboarding's. The watermark is Crewtide's own clock (the Date header of the run's first
answer, kept in IB_STATE_DIR), less a minute of overlap; the filter is inclusive and every write
compares first, so what comes twice changes nothing. Keystone records are found by ExternalRef
CT-<onboarding id> in the employee list (not the lagging search). Every PUT is built from a
fresh GET of the record (Keystone is master for personal fields; its ETag is the one just read)
with only our fields changed, and only when something differs."""
from __future__ import annotations

import csv
import datetime as dt
import email.utils
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

from conn.config import Settings
from conn.crewtide import Crewtide
from conn.keystone import Keystone, document, fields_of, keystone_date, q

NY = ZoneInfo("America/New_York")
OVERLAP = dt.timedelta(seconds=60)
EMPLOYEE_FIELDS = ["ExternalRef", "FirstName", "LastName", "Email", "Phone", "Address", "JobTitle", "Department",
                   "StartDate", "Status"]
ITEM_FIELDS = ["Code", "Title", "DueDate", "Status", "DoneOn"]


def task_codes() -> dict[str, str]:
    here = Path(__file__).resolve().parents[1] / "materials" / "task_codes.csv"
    path = here if here.exists() else Path("materials/task_codes.csv")
    with path.open(newline="") as fh:
        return {r["crewtide_code"].strip(): r["keystone_code"].strip() for r in csv.DictReader(fh)}


def ny_date(instant: str | None) -> str | None:
    if not instant:
        return None
    t = dt.datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return keystone_date(t.astimezone(NY).date())


def iso_to_ks(d: str | None) -> str | None:
    return keystone_date(dt.date.fromisoformat(d)) if d else None


class Move:
    def __init__(self) -> None:
        s = Settings.from_env()
        self.ct, self.ks = Crewtide(s), Keystone(s)
        self.codes = task_codes()
        self.writes = 0
        self.mark = s.state_dir / "crewtide-watermark"
        self.started: str | None = None  # Crewtide's Date at this run's first answer

    # --- Crewtide ------------------------------------------------------------------------
    def crewtide_clock(self) -> None:
        """Crewtide's own time, from the Date header of a one-record answer (before any read)."""
        for _ in range(6):
            resp = self.ct.session.get(self.ct.base + "/v1/onboardings", params={"page[size]": 1},
                                       timeout=self.ct.timeout)
            if resp.status_code != 429:
                break
            time.sleep(float(resp.headers.get("Retry-After", "2")))
        resp.raise_for_status()
        at = email.utils.parsedate_to_datetime(resp.headers["Date"]) - OVERLAP
        self.started = at.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

    def save_watermark(self) -> None:
        self.mark.parent.mkdir(parents=True, exist_ok=True)
        self.mark.write_text(self.started)

    def onboardings(self, include: str, since: str | None = None) -> list[dict]:
        params = {**({"include": include} if include else {}),
                  **({"filter[updated-at][from]": since} if since else {})}
        data, included = self.ct.walk("/v1/onboardings", params)
        by_key = {(r["type"], r["id"]): r for r in included}
        out = []
        for o in data:
            tasks = [by_key[("onboarding-tasks", t["id"])] for t in o["relationships"]["tasks"]["data"]
                     if ("onboarding-tasks", t["id"]) in by_key]
            cand = o["relationships"]["candidate"]["data"]
            out.append({"id": o["id"], "status": o["attributes"]["status"],
                        "start": iso_to_ks(o["attributes"]["start-date"]),
                        "candidate": by_key.get(("candidates", cand["id"])) if cand else None,
                        "tasks": [t["attributes"] for t in tasks]})
        return out

    def tasks_since(self, since: str) -> dict[str, list[dict]]:
        """The tasks changed since `since`, by onboarding id."""
        data, _ = self.ct.walk("/v1/onboarding-tasks", {"filter[updated-at][from]": since})
        out: dict[str, list[dict]] = {}
        for t in data:
            out.setdefault(t["relationships"]["onboarding"]["data"]["id"], []).append(t["attributes"])
        return out

    def wanted_items(self, tasks: list[dict]) -> list[dict]:
        out = []
        for t in tasks:
            code = self.codes.get((t.get("code") or "").strip(), "OTHER")
            done = t.get("done-at")
            out.append({"Code": code, "Title": t["title"], "Status": "done" if done else "open",
                        "DoneOn": ny_date(done)})
        return out

    # --- Keystone ------------------------------------------------------------------------
    def employees_by_ref(self) -> dict[str, dict]:
        out = {}
        for el in self.ks.employees():
            f = fields_of(el)
            if f.get("ExternalRef"):
                out[f["ExternalRef"]] = f
        return out

    def put_employee(self, emp_id: str, changes: dict) -> None:
        el, etag = self.ks.request("GET", f"/employees/{emp_id}")
        cur = fields_of(el)
        new = {k: cur.get(k) for k in EMPLOYEE_FIELDS}
        new.update(changes)
        if all(new[k] == cur.get(k) for k in changes):
            return
        self.ks.request("PUT", f"/employees/{emp_id}", document("Employee", list(new.items())), etag=etag)
        self.writes += 1

    def reconcile_items(self, emp_id: str, tasks: list[dict]) -> None:
        """Each of `tasks` as its Keystone item: matched by code (and title for OTHER), created
        when missing, rewritten when it differs."""
        root, _ = self.ks.request("GET", f"/employees/{emp_id}/onboarding-items")
        have = [fields_of(el) for el in root.findall(q("OnboardingItem"))]
        used: set[str] = set()
        for want in self.wanted_items(tasks):
            match = next((h for h in have if h["Id"] not in used and h.get("Code") == want["Code"]
                          and (want["Code"] != "OTHER" or h.get("Title") == want["Title"])), None)
            if match is None:
                self.ks.request("POST", f"/employees/{emp_id}/onboarding-items",
                                document("OnboardingItem", list(want.items())))
                self.writes += 1
                continue
            used.add(match["Id"])
            if all(match.get(k) == v for k, v in want.items()):
                continue
            el, etag = self.ks.request("GET", f"/onboarding-items/{match['Id']}")
            cur = fields_of(el)
            new = {k: cur.get(k) for k in ITEM_FIELDS}
            new.update(want)
            self.ks.request("PUT", f"/onboarding-items/{match['Id']}", document("OnboardingItem", list(new.items())),
                            etag=etag)
            self.writes += 1

    # --- the two commands ----------------------------------------------------------------
    def migrate(self) -> None:
        self.crewtide_clock()
        emps = self.employees_by_ref()
        for o in self.onboardings("tasks,candidate"):
            if o["status"] != "active":
                continue
            ref = f"CT-{o['id']}"
            emp = emps.get(ref)
            if emp is None:
                c = (o["candidate"] or {}).get("attributes", {})
                doc = document("Employee", [("ExternalRef", ref), ("FirstName", c.get("given-name")),
                                            ("LastName", c.get("family-name")), ("Email", c.get("email")),
                                            ("Phone", c.get("phone")), ("StartDate", o["start"])])
                el, _ = self.ks.request("POST", "/employees", doc)
                self.writes += 1
                emp = fields_of(el)
            self.reconcile_items(emp["Id"], o["tasks"])
        self.save_watermark()

    def sync(self) -> None:
        if not self.mark.exists():
            raise SystemExit("sync-progress: no watermark in the state folder; run migrate first")
        since = self.mark.read_text().strip()
        self.crewtide_clock()
        emps = self.employees_by_ref()
        for o in self.onboardings("", since):
            emp = emps.get(f"CT-{o['id']}")
            if emp is None:
                continue  # never moved (completed or cancelled before the move, or hired since)
            changes = {}
            if emp.get("StartDate") != o["start"]:
                changes["StartDate"] = o["start"]
            if o["status"] == "cancelled" and emp.get("Status") != "withdrawn":
                changes["Status"] = "withdrawn"
            if changes:
                self.put_employee(emp["Id"], changes)
        for onb_id, tasks in self.tasks_since(since).items():
            emp = emps.get(f"CT-{onb_id}")
            if emp is not None:
                self.reconcile_items(emp["Id"], tasks)
        self.save_watermark()


def run(command: str) -> int:
    m = Move()
    if command == "migrate":
        m.migrate()
    else:
        m.sync()
    print(f"{command}: {m.writes} Keystone writes", file=sys.stderr)
    return 0
