# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekend move (independent alternative, written from the ticket, the docs and the live
account): read every Quarry candidate and match by e-mail in memory, create only the missing
ones (a lost answer is settled with candidate.search), look up each known person's Quarry
applications by candidate before creating one, pace Quarry below its plan, and keep a ledger
of what this job created in IB_STATE_DIR (what it finds and did not create is the pilot's).
Scoutly is read in full until a run has finished; the ledger then holds what Scoutly had and,
per list, the highest updatedOn seen (Scoutly's own clock), and the next run asks each list
only for what was updated after it, fetching by id a person a new application names whom the
ledger does not know."""
from __future__ import annotations

import csv
import json
import os
import time
from datetime import datetime

import requests

from conn.config import materials_dir, need, output_dir, state_dir

TABLE = {"NEW": ("Active", "Application Review", None), "IN_REVIEW": ("Active", "Phone Screen", None),
         "INTERVIEW": ("Active", "Onsite", None), "OFFERED": ("Active", "Offer", None),
         "HIRED": ("Hired", "Hired", None), "REJECTED": ("Archived", "Application Review", "Rejected - Skills"),
         "WITHDRAWN": ("Archived", "Application Review", "Withdrew")}


class NoAnswer(Exception):
    pass


class Q:
    """Quarry RPC, at most 8 calls a second; a throttle envelope waits retryAfterSeconds."""

    def __init__(self):
        self.url = need("QUARRY_BASE_URL").rstrip("/")
        self.s = requests.Session()
        self.s.auth = (need("QUARRY_API_KEY"), "")
        self.last = 0.0

    def __call__(self, method, body=None, safe=True):
        while True:
            gap = 0.125 - (time.monotonic() - self.last)
            if gap > 0:
                time.sleep(gap)
            self.last = time.monotonic()
            try:
                r = self.s.post(f"{self.url}/{method}", json=body or {}, timeout=20)
                out = r.json()
            except (requests.RequestException, ValueError):
                if not safe:
                    raise NoAnswer()
                time.sleep(1)
                continue
            err = out.get("errorInfo") or {}
            if out.get("success") is False and err.get("code") == "rate_limit_exceeded":
                time.sleep(float(err.get("retryAfterSeconds", 2)) + 0.25)
                self.last = time.monotonic()
                continue
            if out.get("success") is False and err.get("code") == "internal_error" and safe:
                time.sleep(1)
                continue
            return out

    def every(self, method, body=None):
        res, cur = [], None
        while True:
            page = self(method, {**(body or {}), "limit": 100, **({"cursor": cur} if cur else {})})
            if not page.get("success"):
                raise RuntimeError(f"{method}: {page}")
            res.extend(page["results"])
            if not page["moreDataAvailable"]:
                return res
            cur = page["nextCursor"]


def scoutly_all(s, base, what, **filters):
    items, offset = [], 0
    while True:
        r = s.get(f"{base}/v1/{what}", params={"offset": offset, "limit": 100, **filters}, timeout=20)
        if r.status_code == 429:
            time.sleep(float(r.headers.get("Retry-After") or 1))
            continue
        r.raise_for_status()
        body = r.json()
        items.extend(body["content"])
        offset += 100
        if offset >= body["totalFound"]:
            return items


def scoutly_one(s, base, what, rid):
    while True:
        r = s.get(f"{base}/v1/{what}/{rid}", timeout=20)
        if r.status_code == 429:
            time.sleep(float(r.headers.get("Retry-After") or 1))
            continue
        if r.status_code == 404:
            return None
        r.raise_for_status()
        return r.json()


def newest(records, mark):
    stamps = [r["updatedOn"] for r in records] + ([mark] if mark else [])
    return max(stamps, key=lambda t: datetime.fromisoformat(t.replace("Z", "+00:00"))) if stamps else mark


def as_text(v):
    if v is True:
        return "Yes"
    if v is False:
        return "No"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def migrate() -> int:
    s = requests.Session()
    s.headers["X-SmartToken"] = need("SCOUTLY_API_KEY")
    base = need("SCOUTLY_BASE_URL").rstrip("/")
    ledger_path = state_dir() / "ledger.json"
    ledger = json.loads(ledger_path.read_text()) if ledger_path.exists() else {"apps": {}}
    seen = ledger.get("scoutly")  # set by the last run that finished

    s_jobs = scoutly_all(s, base, "jobs")
    if seen is None:
        cand_by, app_by = {}, {}
        fresh_c, fresh_a = scoutly_all(s, base, "candidates"), scoutly_all(s, base, "applications")
        marks = {}
    else:
        cand_by, app_by, marks = seen["candidates"], seen["applications"], seen["marks"]
        fresh_c = scoutly_all(s, base, "candidates", updatedAfter=marks["candidates"]) if marks.get("candidates") \
            else scoutly_all(s, base, "candidates")
        fresh_a = scoutly_all(s, base, "applications", updatedAfter=marks["applications"]) \
            if marks.get("applications") else scoutly_all(s, base, "applications")
    marks = {"candidates": newest(fresh_c, marks.get("candidates")),
             "applications": newest(fresh_a, marks.get("applications"))}
    cand_by.update({c["id"]: c for c in fresh_c})
    app_by.update({a["id"]: a for a in fresh_a})
    for a in list(app_by.values()):
        if a["candidateId"] not in cand_by:
            person = scoutly_one(s, base, "candidates", a["candidateId"])
            if person is None:
                app_by.pop(a["id"])
            else:
                cand_by[person["id"]] = person
    s_cands, s_apps = list(cand_by.values()), list(app_by.values())
    q = Q()

    def save():
        tmp = str(ledger_path) + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(ledger, fh)
        os.replace(tmp, ledger_path)

    with open(materials_dir() / "job_map.csv") as fh:
        wanted = {row["scoutly_job_ref"]: row["quarry_req_code"] for row in csv.DictReader(fh)}
    by_code = {}
    for st in ("Open", "Draft", "Closed", "Archived"):
        for j in q.every("job.list", {"status": st}):
            by_code.setdefault(j.get("reqCode"), j["id"])
    target_job = {j["id"]: by_code[wanted[j["refNumber"]]] for j in s_jobs}
    texts = {}
    for j in s_jobs:
        for qq in j["screeningQuestions"]:
            texts[qq["id"]] = qq["text"]

    known = {}
    for c in q.every("candidate.list"):
        addr = (c.get("primaryEmailAddress") or {}).get("value")
        if addr:
            known.setdefault(addr.strip().lower(), c["id"])

    out = []
    for c in s_cands:
        email = c["email"].strip().lower()
        mine = sorted([a for a in s_apps if a["candidateId"] == c["id"]], key=lambda a: (a["createdOn"], a["id"]))
        qid = known.get(email)
        existing, fresh = {}, False
        if qid is None:
            fields = {}
            for a in mine:
                for x in a["screeningAnswers"]:
                    fields[texts[x["questionId"]]] = as_text(x["answer"])
            body = {"name": c["firstName"] + " " + c["lastName"], "email": email, "customFields": fields}
            if c.get("phoneNumber"):
                body["phoneNumber"] = c["phoneNumber"]
            while qid is None:
                try:
                    res = q("candidate.create", body, safe=False)
                except NoAnswer:
                    found = q("candidate.search", {"email": email}).get("results") or []
                    if found:
                        qid = found[0]["id"]
                    continue
                if res.get("success"):
                    qid, fresh = res["results"]["id"], True
                elif (res.get("errorInfo") or {}).get("existingId"):
                    qid = res["errorInfo"]["existingId"]
                else:
                    raise RuntimeError(res)
            known[email] = qid
        if not fresh:  # someone Quarry already had (the pilot's, or an earlier run's)
            for a in q.every("application.list", {"candidateId": qid}):
                existing[a["jobId"]] = a["id"]
        for a in mine:
            jid = target_job[a["jobId"]]
            aid = existing.get(jid) or ledger["apps"].get(a["id"])
            if aid is None:
                status, stage, reason = TABLE[a["status"]]
                body = {"candidateId": qid, "jobId": jid, "status": status, "currentStage": stage}
                if reason:
                    body["archiveReason"] = reason
                while aid is None:
                    try:
                        res = q("application.create", body, safe=False)
                    except NoAnswer:
                        for x in q.every("application.list", {"candidateId": qid}):
                            if x["jobId"] == jid:
                                aid = x["id"]
                        continue
                    if not res.get("success"):
                        raise RuntimeError(res)
                    aid = res["results"]["id"]
                ledger["apps"][a["id"]] = aid
                save()
            existing[jid] = aid
            outcome = "migrated" if ledger["apps"].get(a["id"]) == aid else "pilot"
            out.append([a["id"], qid, aid, outcome])

    with open(output_dir() / "id_map.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["scoutly_id", "quarry_candidate_id", "quarry_application_id", "outcome"])
        w.writerows(out)
    ledger["scoutly"] = {"candidates": cand_by, "applications": app_by, "marks": marks}
    save()
    return 0
