# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekend move, Scoutly -> Quarry (reference).

Design: a mirror of Scoutly in IB_STATE_DIR. The first run (and every run until one has
finished) reads Scoutly in full, one list call at a time; a run after a finished one reads only
what changed since: `updatedAfter` the Date header of the previous finished run's first Scoutly
answer (Scoutly's clock, taken before that run's walk, so what arrived during the walk is read
again), less two minutes. A changed application whose person the mirror lacks brings the person
by id. Quarry's jobs and applications are read every run (Quarry's reads are not counted).
Every Scoutly candidate without a known Quarry id is created in Quarry, and Quarry's e-mail
guard says who is already there (a `duplicate_candidate` answer carries the existing id: a
match, not a failure); each application Quarry does not hold yet for (candidate, mapped job) is
created. A create whose answer is lost is checked before it is sent again: candidate.create is
safe to repeat (the guard answers the id), application.create is not, so application.list by
candidate first. Screening answers go into custom fields the way the pilot wrote them
(question text -> Yes/No, whole numbers, option or text as is; the latest application wins).
Quarry's throttle is an HTTP 200 envelope with retryAfterSeconds: wait that long, then retry.
The mirror (and the next run's watermark) is saved only when the run finished."""
from __future__ import annotations

import csv
import email.utils
import json
import os
import sys
import time
from datetime import timedelta

import requests

from conn.config import materials_dir, need, output_dir, state_dir

STATUS = {"NEW": ("Active", "Application Review", None), "IN_REVIEW": ("Active", "Phone Screen", None),
          "INTERVIEW": ("Active", "Onsite", None), "OFFERED": ("Active", "Offer", None),
          "HIRED": ("Hired", "Hired", None), "REJECTED": ("Archived", "Application Review", "Rejected - Skills"),
          "WITHDRAWN": ("Archived", "Application Review", "Withdrew")}
PILOT_SOURCE = "Pilot import"
OVERLAP = timedelta(minutes=2)
MIRROR = "scoutly_mirror.json"


class Lost(Exception):
    """The call may or may not have happened: the answer never came."""


class Quarry:
    def __init__(self) -> None:
        self.base = need("QUARRY_BASE_URL").rstrip("/")
        self.http = requests.Session()
        self.http.auth = (need("QUARRY_API_KEY"), "")

    def call(self, method: str, body: dict | None = None, write: bool = False) -> dict:
        tries = 0
        while True:
            try:
                r = self.http.post(f"{self.base}/{method}", json=body or {}, timeout=30)
            except requests.RequestException:
                if write:
                    raise Lost(method)
                tries += 1
                time.sleep(0.5)
                continue
            if r.status_code >= 500 or r.status_code == 502:
                if write:
                    raise Lost(method)
                time.sleep(0.5)
                continue
            if r.status_code == 401:
                raise SystemExit("Quarry refused the API key")
            data = r.json()
            info = data.get("errorInfo") or {}
            if not data.get("success") and info.get("code") == "rate_limit_exceeded":
                time.sleep(float(info.get("retryAfterSeconds") or 1) + 0.1)
                continue
            if not data.get("success") and info.get("code") == "internal_error" and not write and tries < 5:
                tries += 1
                time.sleep(0.5)
                continue
            return data

    def walk(self, method: str, body: dict | None = None) -> list[dict]:
        out, cursor = [], None
        while True:
            req = dict(body or {}, limit=100)
            if cursor:
                req["cursor"] = cursor
            page = self.call(method, req)
            if not page.get("success"):
                raise SystemExit(f"{method}: {page.get('errorInfo')}")
            out += page["results"]
            if not page.get("moreDataAvailable"):
                return out
            cursor = page["nextCursor"]


class Scoutly:
    def __init__(self) -> None:
        self.base = need("SCOUTLY_BASE_URL").rstrip("/") + "/v1"
        self.http = requests.Session()
        self.http.headers.update({"X-SmartToken": need("SCOUTLY_API_KEY"), "Accept": "application/json"})
        self.first_date = None  # Scoutly's clock at this run's first answer (its Date header)

    def get(self, path: str, params: dict | None = None) -> requests.Response:
        while True:
            r = self.http.get(self.base + path, params=params, timeout=30)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After", "1")))
                continue
            if self.first_date is None and r.headers.get("Date"):
                self.first_date = email.utils.parsedate_to_datetime(r.headers["Date"])
            return r

    def walk(self, path: str, **filters) -> list[dict]:
        """Sequentially: Scoutly serves one list call at a time."""
        out, offset = [], 0
        while True:
            r = self.get(path, {"limit": 100, "offset": offset, "sort": "createdOn", **filters})
            r.raise_for_status()
            page = r.json()
            out += page["content"]
            offset += len(page["content"])
            if not page["content"] or offset >= page["totalFound"]:
                return out

    def one(self, path: str) -> dict | None:
        r = self.get(path)
        if r.status_code == 404:
            return None
        r.raise_for_status()
        return r.json()


def render(answer) -> str:
    if isinstance(answer, bool):
        return "Yes" if answer else "No"
    if isinstance(answer, (int, float)):
        return str(int(answer)) if float(answer).is_integer() else str(answer)
    return str(answer)


def load_mirror() -> dict | None:
    path = state_dir() / MIRROR
    if not path.exists():
        return None
    return json.loads(path.read_text())


def save_mirror(mirror: dict) -> None:
    path = state_dir() / MIRROR
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(mirror))
    os.replace(tmp, path)


def migrate() -> int:
    sc, qy = Scoutly(), Quarry()
    mirror = load_mirror()
    jobs = sc.walk("/jobs")  # four records; its Date header is this run's watermark
    if mirror is None:  # the first run, and every run until one has finished: read everything
        by_id = {c["id"]: c for c in sc.walk("/candidates")}
        app_by_id = {a["id"]: a for a in sc.walk("/applications")}
        quarry_ids: dict[str, str] = {}
    else:  # only what changed since the previous finished run began reading
        by_id, app_by_id, quarry_ids = mirror["candidates"], mirror["applications"], mirror["quarry_ids"]
        for c in sc.walk("/candidates", updatedAfter=mirror["since"]):
            by_id[c["id"]] = c
        for a in sc.walk("/applications", updatedAfter=mirror["since"]):
            app_by_id[a["id"]] = a
    for a in list(app_by_id.values()):  # a person who arrived after the candidate walk passed
        if a["candidateId"] not in by_id:
            c = sc.one(f"/candidates/{a['candidateId']}")
            if c is None:
                del app_by_id[a["id"]]
            else:
                by_id[c["id"]] = c
    cands, apps = list(by_id.values()), list(app_by_id.values())
    with open(materials_dir() / "job_map.csv", newline="") as fh:
        ref_to_code = {r["scoutly_job_ref"].strip(): r["quarry_req_code"].strip() for r in csv.DictReader(fh)}
    q_jobs = {}
    for status in ("Open", "Closed", "Draft", "Archived"):
        for j in qy.walk("job.list", {"status": status}):
            if j.get("reqCode"):
                q_jobs[j["reqCode"]] = j["id"]
    job_of = {}
    for j in jobs:
        code = ref_to_code.get(j["refNumber"])
        if code is None or code not in q_jobs:
            raise SystemExit(f"no Quarry job for Scoutly job {j['refNumber']}")
        job_of[j["id"]] = q_jobs[code]
    question_text = {q["id"]: q["text"] for j in jobs for q in j["screeningQuestions"]}

    held = {(a["candidateId"], a["jobId"]): a for a in qy.walk("application.list")}
    apps_of: dict[str, list[dict]] = {}
    for a in sorted(apps, key=lambda a: (a["createdOn"], a["id"])):
        apps_of.setdefault(a["candidateId"], []).append(a)

    rows = []
    for c in sorted(cands, key=lambda c: (c["createdOn"], c["id"])):
        fields = {}
        for a in apps_of.get(c["id"], []):
            for ans in a["screeningAnswers"]:
                fields[question_text[ans["questionId"]]] = render(ans["answer"])
        body = {"name": f"{c['firstName']} {c['lastName']}".strip(), "email": c["email"].strip().lower(),
                "customFields": fields}
        if c.get("phoneNumber"):
            body["phoneNumber"] = c["phoneNumber"]
        qid = quarry_ids.get(c["id"]) or create_candidate(qy, body)
        quarry_ids[c["id"]] = qid
        for a in apps_of.get(c["id"], []):
            job_id = job_of[a["jobId"]]
            have = held.get((qid, job_id))
            if have is None:
                have = create_application(qy, qid, job_id, a["status"])
                held[(qid, job_id)] = have
            rows.append({"scoutly_id": a["id"], "quarry_candidate_id": qid, "quarry_application_id": have["id"],
                         "outcome": "pilot" if have.get("source") == PILOT_SOURCE else "migrated"})

    with open(output_dir() / "id_map.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, ["scoutly_id", "quarry_candidate_id", "quarry_application_id", "outcome"])
        w.writeheader()
        w.writerows(rows)
    since = (sc.first_date - OVERLAP).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    save_mirror({"since": since, "candidates": by_id, "applications": app_by_id, "quarry_ids": quarry_ids})
    print(f"migrate: {len(rows)} applications mapped; next run reads Scoutly changes after {since}", file=sys.stderr)
    return 0


def create_candidate(qy: Quarry, body: dict) -> str:
    while True:
        try:
            res = qy.call("candidate.create", body, write=True)
        except Lost:
            continue  # the e-mail guard makes a repeat safe: it answers the existing id
        if res.get("success"):
            return res["results"]["id"]
        info = res.get("errorInfo") or {}
        if info.get("code") == "duplicate_candidate" and info.get("existingId"):
            return info["existingId"]
        raise SystemExit(f"candidate.create {body['email']}: {info}")


def create_application(qy: Quarry, cand_id: str, job_id: str, scoutly_status: str) -> dict:
    status, stage, reason = STATUS[scoutly_status]
    body = {"candidateId": cand_id, "jobId": job_id, "status": status, "currentStage": stage}
    if reason:
        body["archiveReason"] = reason
    while True:
        try:
            res = qy.call("application.create", body, write=True)
        except Lost:
            for a in qy.walk("application.list", {"candidateId": cand_id}):
                if a["jobId"] == job_id:
                    return a
            continue
        if res.get("success"):
            return res["results"]
        raise SystemExit(f"application.create {cand_id}/{job_id}: {res.get('errorInfo')}")
