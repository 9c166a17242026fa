# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Jobsmith -> HireHarbor move (reference).

People: records grouped by e-mail (trimmed, case-insensitive); a record without e-mail joins
the person with the same phone digits and last name (among the e-mailed records first, then
the other records without e-mail). Resume: a state file in IB_STATE_DIR (person -> candidate,
record -> application and whether its outcome is set), written after every write; a write whose
answer was lost is looked up before it is repeated. The pilot's records (rule 9): a candidate
found by e-mail is looked up for an application on the job before one is posted; one found
that this migration did not make (another applied_at) is the record's and is left as it is."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import re
import sys
from zoneinfo import ZoneInfo

from .hireharbor import HireHarbor, Lost
from .jobsmith import Jobsmith

MIGRATION_USER = "migration@apotekvale.example"
CHICAGO = ZoneInfo("America/Chicago")
STAGE_OF = {"New": "Application Review", "Interview": "Face to Face"}
STATUSES = ("New", "Screening", "Interview", "Offer", "Cleared", "Hired", "Rejected", "Withdrawn")


def digits(phone: str | None) -> str:
    return re.sub(r"\D", "", phone or "")


def norm_email(e: str | None) -> str:
    return (e or "").strip().lower()


def noon_chicago(day: str) -> str:
    d = dt.date.fromisoformat(day)
    at = dt.datetime(d.year, d.month, d.day, 12, 0, tzinfo=CHICAGO).astimezone(dt.timezone.utc)
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_ts(s: str) -> dt.datetime:
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


class State:
    def __init__(self, folder: str) -> None:
        self.path = os.path.join(folder, "migration.json")
        self.data = {"candidates": {}, "applications": {}, "outcomes": {}}
        if os.path.exists(self.path):
            with open(self.path) as f:
                self.data = json.load(f)

    def save(self) -> None:
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.data, f)
        os.replace(tmp, self.path)


def read_records(js: Jobsmith) -> list[dict]:
    """Every listed applicant record with its one job and status."""
    base = {a["id"]: a for a in js.pages("/v1/applicants")}
    for status in STATUSES:
        for row in js.pages("/v1/applicants", status=status):
            if row["id"] in base:
                base[row["id"]].update({"job_id": row["job_id"], "status": row["status"],
                                        "job_apply_date": row["job_apply_date"]})
    codes = {}
    for status in ("Open", "On Hold", "Filled", "Closed"):
        for j in js.pages("/v1/jobs", status=status):
            codes[j["id"]] = j.get("internal_code")
    for a in base.values():
        if "job_id" not in a:  # not in any status list: read it by id
            d = js.get(f"/v1/applicants/{a['id']}")
            j = d["jobs"][0]
            a.update({"job_id": j["job_id"], "status": j["status"], "job_apply_date": j["apply_date"]})
        if a["job_id"] not in codes:
            codes[a["job_id"]] = js.get(f"/v1/jobs/{a['job_id']}").get("internal_code")
        a["internal_code"] = codes[a["job_id"]]
    return [base[k] for k in sorted(base)]


def group_people(records: list[dict]) -> dict[str, list[dict]]:
    people: dict[str, list[dict]] = {}
    by_phone: dict[tuple[str, str], str] = {}
    for r in records:
        e = norm_email(r.get("email"))
        if e:
            people.setdefault(f"e:{e}", []).append(r)
            by_phone.setdefault((digits(r.get("phone")), r["last_name"]), f"e:{e}")
    for r in records:
        if norm_email(r.get("email")):
            continue
        k = (digits(r.get("phone")), r["last_name"])
        key = by_phone.get(k) or f"p:{k[0]}:{k[1]}"
        people.setdefault(key, []).append(r)
    return people


class Migration:
    def __init__(self) -> None:
        self.js, self.hh = Jobsmith(), HireHarbor()
        self.state = State(os.environ["IB_STATE_DIR"])
        self.fresh: set[int] = set()  # candidates this run created: no applications to look up

    def actor(self) -> int:
        users = list(self.hh.walk("/v1/users", email=MIGRATION_USER))
        return users[0]["id"]

    def jobs(self) -> dict[str, dict]:
        out = {}
        for j in self.hh.walk("/v1/jobs"):
            code = (j.get("custom_fields") or {}).get("requisition_id")
            if code:
                out[code] = {"id": j["id"], "stages": {s["name"]: s["id"] for s in j.get("stages") or []}}
        return out

    # --- candidates ---------------------------------------------------------------------
    def find_candidate(self, key: str, recs: list[dict]) -> int | None:
        if key.startswith("e:"):
            found = list(self.hh.walk("/v1/candidates", email=key[2:]))
            return found[0]["id"] if found else None
        want = (digits(recs[0].get("phone")), recs[0]["last_name"])
        for c in self.hh.walk("/v1/candidates"):
            if not c.get("emails") and c["last_name"] == want[1] and want[0] in {digits(p) for p in c.get("phone_numbers") or []}:
                return c["id"]
        return None

    def candidate(self, key: str, recs: list[dict]) -> int:
        cid = self.state.data["candidates"].get(key)
        if cid:
            return cid
        first = recs[0]
        body = {"first_name": first["first_name"], "last_name": first["last_name"],
                "emails": [key[2:]] if key.startswith("e:") else [],
                "phone_numbers": [first["phone"]] if first.get("phone") else []}
        cid, r = None, None
        for _ in range(4):
            try:
                r = None
                r = self.hh.write("POST", "/v1/candidates", body)
            except Lost:
                cid = self.find_candidate(key, recs)
                if cid:
                    break
                continue
            if r.status_code == 201:
                cid = r.json()["id"]
                break
            if r.status_code == 422 and r.json().get("code") == "email_taken":
                cid = self.find_candidate(key, recs)
                if cid:
                    break
                continue
            raise RuntimeError(f"candidate {key}: {r.status_code} {r.text}")
        if not cid:
            raise RuntimeError(f"candidate {key}: could not be created")
        if r is not None and r.status_code == 201:
            self.fresh.add(cid)
        self.state.data["candidates"][key] = cid
        self.state.save()
        return cid

    # --- applications -------------------------------------------------------------------
    def existing_application(self, cid: int, job_id: int) -> dict | None:
        for a in self.hh.walk("/v1/applications", candidate_id=cid, job_id=job_id):
            if a["job_id"] == job_id:
                return a
        return None

    def application(self, cid: int, rec: dict, job: dict) -> None:
        sid = str(rec["id"])
        apps, done = self.state.data["applications"], self.state.data["outcomes"]
        if sid in apps and done.get(sid):
            return
        app = None
        applied = noon_chicago(rec["job_apply_date"])
        if sid in apps:
            app = self.hh.get(f"/v1/applications/{apps[sid]}")
        elif cid not in self.fresh:
            app = self.existing_application(cid, job["id"])
            if app is not None and parse_ts(app["applied_at"]) != parse_ts(applied):
                # not one this migration made (it would carry our applied_at): the pilot's, which
                # the recruiters own now (rule 9): it is the record's application, left as it is
                apps[sid] = app["id"]
                done[sid] = True
                self.state.save()
                return
        if app is None:
            body = {"candidate_id": cid, "job_id": job["id"], "applied_at": applied}
            if rec["status"] in STAGE_OF:
                body["initial_stage_id"] = job["stages"][STAGE_OF[rec["status"]]]
            for _ in range(4):
                try:
                    r = self.hh.write("POST", "/v1/applications", body)
                except Lost:
                    app = self.existing_application(cid, job["id"])
                    if app:
                        break
                    continue
                if r.status_code != 201:
                    raise RuntimeError(f"application {sid}: {r.status_code} {r.text}")
                app = r.json()
                break
            if app is None:
                raise RuntimeError(f"application {sid}: could not be created")
        apps[sid] = app["id"]
        self.state.save()
        if app["status"] == "active" and rec["status"] in ("Hired", "Rejected"):
            path, body = ((f"/v1/applications/{app['id']}/hire", {}) if rec["status"] == "Hired"
                          else (f"/v1/applications/{app['id']}/reject", {"rejection_reason": "Other"}))
            for _ in range(4):
                try:
                    r = self.hh.write("POST", path, body)
                except Lost:
                    if self.hh.get(f"/v1/applications/{app['id']}")["status"] != "active":
                        break
                    continue
                if r.status_code in (200, 201, 409):
                    break
                raise RuntimeError(f"application {sid}: {r.status_code} {r.text}")
        done[sid] = True
        self.state.save()

    def run(self) -> int:
        self.hh.actor = self.actor()
        jobs = self.jobs()
        records = read_records(self.js)
        people = group_people(records)
        rows = []
        for key in sorted(people, key=lambda k: min(r["id"] for r in people[k])):
            recs = people[key]
            cid = self.candidate(key, recs)
            for rec in recs:
                job = jobs.get(rec.get("internal_code") or "")
                if job is None:
                    rows.append((rec["id"], cid, "", "no_job"))
                    continue
                self.application(cid, rec, job)
                rows.append((rec["id"], cid, self.state.data["applications"][str(rec["id"])], "migrated"))
        out = os.path.join(os.environ["IB_OUTPUT_DIR"], "id_map.csv")
        with open(out + ".tmp", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["jobsmith_applicant_id", "hh_candidate_id", "hh_application_id", "outcome"])
            w.writerows(sorted(rows))
        os.replace(out + ".tmp", out)
        print(f"migrate: {len(people)} people, {len(records)} records", file=sys.stderr)
        return 0


def run() -> int:
    return Migration().run()
