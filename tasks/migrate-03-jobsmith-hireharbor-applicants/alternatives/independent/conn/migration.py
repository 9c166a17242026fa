# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Independent alternative: stateless reconciliation. Every run reads what HireHarbor already
holds (all candidates and applications of the account) and adds only what is missing, so a cut
off run is resumed by simply running again. Jobsmith records are read one by one
(`/v1/applicants/{id}`, `/v1/jobs/{id}`); people are formed with a union of the e-mail rule and,
for records without e-mail, phone digits + last name. An application already on the person's
candidate and job is the record's; only one carrying our own applied_at is brought to the
ticket's status (anything else is the pilot's, left to the recruiters)."""
from __future__ import annotations

import csv
import datetime as dt
import os
import re
import sys
import time
from zoneinfo import ZoneInfo

import httpx

ACTOR_EMAIL = "migration@apotekvale.example"
STAGE = {"New": "Application Review", "Interview": "Face to Face"}
CHI = ZoneInfo("America/Chicago")


def _digits(s):
    return "".join(ch for ch in (s or "") if ch.isdigit())


def _mail(s):
    return (s or "").strip().lower()


class Api:
    def __init__(self, base: str, **kw) -> None:
        self.c = httpx.Client(base_url=base.rstrip("/"), timeout=20.0, **kw)

    def call(self, method: str, url: str, *, retry_lost: bool = True, **kw) -> httpx.Response:
        wait = 0.5
        for _ in range(10):
            try:
                r = self.c.request(method, url, **kw)
            except httpx.TransportError:
                if not retry_lost:
                    raise
                time.sleep(wait)
                wait = min(wait * 2, 5)
                continue
            if r.status_code == 429 or (r.status_code >= 500 and retry_lost):
                time.sleep(float(r.headers.get("retry-after") or wait))
                wait = min(wait * 2, 5)
                continue
            return r
        raise RuntimeError(f"{method} {url}: no answer")


class JobsmithReader:
    def __init__(self) -> None:
        self.api = Api(os.environ["JOBSMITH_BASE_URL"])
        self.key = os.environ["JOBSMITH_API_KEY"]
        self.jobs: dict[int, dict] = {}

    def get(self, path: str):
        r = self.api.call("GET", path, params={"apikey": self.key})
        r.raise_for_status()
        return r.json()

    def applicant_ids(self) -> list[int]:
        ids, page = [], 1
        while True:
            body = self.get("/v1/applicants" if page == 1 else f"/v1/applicants/page/{page}")
            body = [body] if isinstance(body, dict) else body
            if not body:
                return ids
            ids += [a["id"] for a in body]
            page += 1

    def job(self, job_id: int) -> dict:
        if job_id not in self.jobs:
            self.jobs[job_id] = self.get(f"/v1/jobs/{job_id}")
        return self.jobs[job_id]

    def records(self) -> list[dict]:
        out = []
        for aid in self.applicant_ids():
            a = self.get(f"/v1/applicants/{aid}")
            for j in a.get("jobs") or []:
                out.append({"id": a["id"], "first": a["first_name"], "last": a["last_name"],
                            "email": _mail(a.get("email")), "phone": a.get("phone") or "",
                            "digits": _digits(a.get("phone")), "status": j["status"], "date": j["apply_date"],
                            "code": self.job(j["job_id"]).get("internal_code")})
        return out


def people_of(records: list[dict]) -> list[list[dict]]:
    parent = list(range(len(records)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_mail: dict[str, int] = {}
    for i, r in enumerate(records):
        if r["email"]:
            if r["email"] in by_mail:
                parent[find(i)] = find(by_mail[r["email"]])
            else:
                by_mail[r["email"]] = i
    # a record without e-mail: the person with its phone digits and last name (an e-mailed one first)
    anchor: dict[tuple, int] = {}
    for i, r in enumerate(records):
        if r["email"] and r["digits"]:
            anchor.setdefault((r["digits"], r["last"]), i)
    for i, r in enumerate(records):
        if not r["email"] and r["digits"]:
            k = (r["digits"], r["last"])
            if k in anchor:
                parent[find(i)] = find(anchor[k])
            else:
                anchor[k] = i
    groups: dict[int, list[dict]] = {}
    for i, r in enumerate(records):
        groups.setdefault(find(i), []).append(r)
    return sorted(groups.values(), key=lambda g: min(r["id"] for r in g))


class Harbor:
    def __init__(self) -> None:
        self.api = Api(os.environ["HIREHARBOR_BASE_URL"], auth=(os.environ["HIREHARBOR_API_KEY"], ""))
        self.actor = None

    def all(self, path: str, **params) -> list[dict]:
        out, url, q = [], path, {**params, "per_page": 100}
        while url:
            r = self.api.call("GET", url, params=q)
            r.raise_for_status()
            out += r.json()
            nxt = r.links.get("next")
            url, q = (nxt["url"] if nxt else None), None
        return out

    def post(self, path: str, body: dict) -> httpx.Response:
        return self.api.call("POST", path, json=body, headers={"On-Behalf-Of": str(self.actor)}, retry_lost=False)


class Run:
    def __init__(self) -> None:
        self.js, self.hh = JobsmithReader(), Harbor()

    def load_harbor(self) -> None:
        self.by_mail, self.by_phone = {}, {}
        for c in self.hh.all("/v1/candidates"):
            mails = [_mail(e) for e in c.get("emails") or []]
            for e in mails:
                self.by_mail[e] = c["id"]
            if not mails:
                for p in c.get("phone_numbers") or []:
                    self.by_phone[(_digits(p), c["last_name"])] = c["id"]
        self.apps = {(a["candidate_id"], a["job_id"]): a for a in self.hh.all("/v1/applications")}

    def lookup(self, person: list[dict]) -> int | None:
        mail = next((r["email"] for r in person if r["email"]), "")
        if mail:
            return self.by_mail.get(mail)
        return self.by_phone.get((person[0]["digits"], person[0]["last"]))

    def ensure_candidate(self, person: list[dict]) -> int:
        cid = self.lookup(person)
        if cid:
            return cid
        mail = next((r["email"] for r in person if r["email"]), "")
        r0 = person[0]
        body = {"first_name": r0["first"], "last_name": r0["last"], "emails": [mail] if mail else [],
                "phone_numbers": [r0["phone"]] if r0["phone"] else []}
        for _ in range(5):
            try:
                r = self.hh.post("/v1/candidates", body)
            except httpx.TransportError:
                r = None
            if r is not None and r.status_code == 201:
                cid = r.json()["id"]
                break
            if r is not None and r.status_code not in (422,) and r.status_code < 500:
                raise RuntimeError(f"create candidate: {r.status_code} {r.text}")
            time.sleep(0.5)
            self.load_harbor()  # a lost answer or email_taken: it may be there now
            cid = self.lookup(person)
            if cid:
                break
        if not cid:
            raise RuntimeError("candidate could not be created")
        if mail:
            self.by_mail[mail] = cid
        else:
            self.by_phone[(r0["digits"], r0["last"])] = cid
        return cid

    def settle(self, app: dict, status: str) -> None:
        if app["status"] != "active" or status not in ("Hired", "Rejected"):
            return
        path = f"/v1/applications/{app['id']}/" + ("hire" if status == "Hired" else "reject")
        body = {} if status == "Hired" else {"rejection_reason": "Other"}
        for _ in range(5):
            try:
                r = self.hh.post(path, body)
            except httpx.TransportError:
                time.sleep(0.5)
                r = self.hh.api.call("GET", f"/v1/applications/{app['id']}")
                if r.json().get("status") != "active":
                    return
                continue
            if r.status_code in (200, 409):
                return
            raise RuntimeError(f"{path}: {r.status_code} {r.text}")

    def ensure_application(self, cid: int, job: dict, rec: dict) -> int:
        app = self.apps.get((cid, job["id"]))
        d = dt.date.fromisoformat(rec["date"])
        noon = dt.datetime.combine(d, dt.time(12), CHI).astimezone(dt.timezone.utc)
        if app is not None and dt.datetime.fromisoformat(app["applied_at"].replace("Z", "+00:00")) != noon:
            return app["id"]  # not ours (we write noon Chicago): the pilot's, the recruiters' to keep
        if app is None:
            body = {"candidate_id": cid, "job_id": job["id"], "applied_at": noon.isoformat().replace("+00:00", "Z")}
            if rec["status"] in STAGE:
                body["initial_stage_id"] = job["stages"][STAGE[rec["status"]]]
            for _ in range(5):
                try:
                    r = self.hh.post("/v1/applications", body)
                except httpx.TransportError:
                    time.sleep(0.5)
                    found = [a for a in self.hh.all("/v1/applications", candidate_id=cid) if a["job_id"] == job["id"]]
                    if found:
                        app = found[0]
                        break
                    continue
                if r.status_code != 201:
                    raise RuntimeError(f"create application: {r.status_code} {r.text}")
                app = r.json()
                break
            if app is None:
                raise RuntimeError("application could not be created")
            self.apps[(cid, job["id"])] = app
        self.settle(app, rec["status"])
        return app["id"]

    def main(self) -> int:
        users = self.hh.all("/v1/users")
        self.hh.actor = next(u["id"] for u in users if u["email"].lower() == ACTOR_EMAIL)
        jobs = {}
        for j in self.hh.all("/v1/jobs"):
            code = (j.get("custom_fields") or {}).get("requisition_id")
            if code:
                st = {s["name"]: s["id"] for s in self.hh.all(f"/v1/jobs/{j['id']}/stages")}
                jobs[code] = {"id": j["id"], "stages": st}
        people = people_of(self.js.records())
        self.load_harbor()
        out = []
        for person in people:
            cid = self.ensure_candidate(person)
            for rec in person:
                job = jobs.get(rec["code"]) if rec["code"] else None
                if job is None:
                    out.append({"jobsmith_applicant_id": rec["id"], "hh_candidate_id": cid,
                                "hh_application_id": "", "outcome": "no_job"})
                else:
                    out.append({"jobsmith_applicant_id": rec["id"], "hh_candidate_id": cid,
                                "hh_application_id": self.ensure_application(cid, job, rec), "outcome": "migrated"})
        path = os.path.join(os.environ["IB_OUTPUT_DIR"], "id_map.csv")
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=["jobsmith_applicant_id", "hh_candidate_id", "hh_application_id", "outcome"])
            w.writeheader()
            w.writerows(sorted(out, key=lambda x: x["jobsmith_applicant_id"]))
        print(f"migrate: {len(people)} people, {len(out)} records", file=sys.stderr)
        return 0


def run() -> int:
    return Run().main()
