# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Independent alternative (written from TICKET.md, the starter and the vendor docs): no state
between runs at all. Every run reads Workwell in full and Scoutly's jobs, candidates and
applications (one list call at a time), joins them on refNumber / externalId / (candidate,
job) and writes only the differences, one request after another, paced by each system's
rate-limit headers. A run cut off half-way leaves nothing to remember: the next run sees in
Scoutly whatever was written, including a write whose answer never arrived.

The ticket's last-night rule (after a night that finished, read from Workwell only the
applicants that changed): IB_STATE_DIR/workwell.json keeps the Workwell candidates as read by
the last run that finished, and the highest `updated_at` among them (Workwell's own stamps, so
its clock is the only one involved). The next run asks Workwell for `updated_after` that
stamp, and for every disqualified applicant (`disqualified=true`: a disqualification leaves
`updated_at` alone on this account), and lays those records over the saved ones; everything
else is recomputed against Scoutly as before."""
from __future__ import annotations

import csv
import json
import os
import sys
import time
from decimal import Decimal, InvalidOperation

import requests

from conn.config import materials_dir, need, output_dir, state_dir

QUESTIONS = [
    {"id": "bleep_test_level", "text": "Bleep test level reached", "type": "NUMBER"},
    {"id": "ladder_climb_s", "text": "Ladder climb time (seconds)", "type": "NUMBER"},
    {"id": "right_to_work", "text": "Do you have the right to work in this country?", "type": "BOOLEAN"},
]


class Paced:
    """One request at a time; waits when the headers say the budget is spent, or on a 429."""

    def __init__(self, session: requests.Session, prefix: str, min_gap: float):
        self.session, self.prefix, self.min_gap = session, prefix, min_gap
        self.not_before = 0.0

    def send(self, method: str, url: str, **kw) -> requests.Response:
        for _ in range(30):
            delay = self.not_before - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            resp = self.session.request(method, url, timeout=60, **kw)
            now = time.monotonic()
            self.not_before = now + self.min_gap
            if resp.status_code == 429:
                self.not_before = now + float(resp.headers.get("Retry-After", "2")) + 0.25
                continue
            remaining = resp.headers.get(self.prefix + "Remaining")
            if remaining is not None and remaining.strip().isdigit() and int(remaining) == 0:
                reset = float(resp.headers.get(self.prefix + "Reset", "1") or 1)
                if reset > 100000:  # an epoch instant
                    reset = reset - time.time()
                self.not_before = max(self.not_before, now + max(reset, 0) + 0.25)
            if resp.status_code >= 500:
                self.not_before = now + 2
                continue
            return resp
        raise SystemExit(f"{method} {url}: gave up after repeated refusals")


def workwell():
    s = requests.Session()
    s.headers.update({"Authorization": "Bearer " + need("WORKWELL_API_KEY"), "Accept": "application/json"})
    base = need("WORKWELL_BASE_URL").rstrip("/") + "/t/" + need("WORKWELL_TENANT") + "/spi/v3"
    return Paced(s, "X-Rate-Limit-", 0.0), base


def scoutly():
    s = requests.Session()
    s.headers.update({"X-SmartToken": need("SCOUTLY_API_KEY"), "Accept": "application/json"})
    return Paced(s, "X-RateLimit-", 0.11), need("SCOUTLY_BASE_URL").rstrip("/") + "/v1"


def ww_all(ww: Paced, url: str, key: str) -> list[dict]:
    rows = []
    while url:
        resp = ww.send("GET", url)
        resp.raise_for_status()
        body = resp.json()
        rows += body[key]
        url = (body.get("paging") or {}).get("next")
    return rows


def sc_all(sc: Paced, base: str, path: str) -> list[dict]:
    rows, offset = [], 0
    while True:
        resp = sc.send("GET", f"{base}{path}", params={"limit": 100, "offset": offset})
        resp.raise_for_status()
        body = resp.json()
        rows += body["content"]
        offset += 100
        if offset >= body["totalFound"] or not body["content"]:
            return rows


def to_number(raw):
    try:
        d = Decimal(str(raw).strip().replace(",", "."))
    except InvalidOperation:
        return None
    return int(d) if d == d.to_integral_value() and "." not in str(raw) and "," not in str(raw) else float(d)


def wanted_answers(cd: dict) -> list[dict]:
    out = []
    for a in cd.get("answers") or []:
        raw = a.get("answer")
        if raw is None or str(raw).strip() == "":
            continue
        if a["question_key"] in ("bleep_test_level", "ladder_climb_s"):
            n = to_number(raw)
            if n is not None:
                out.append({"questionId": a["question_key"], "answer": n})
        elif a["question_key"] == "right_to_work":
            out.append({"questionId": "right_to_work", "answer": str(raw).strip().lower() == "yes"})
    return sorted(out, key=lambda x: x["questionId"])


def must(resp: requests.Response, what: str) -> dict:
    if resp.status_code not in (200, 201):
        raise SystemExit(f"{what}: {resp.status_code} {resp.text[:300]}")
    return resp.json()


def run() -> int:
    with open(materials_dir() / "status_map.csv", newline="") as fh:
        mapping = {r["workwell_stage"]: r["scoutly_status"] for r in csv.DictReader(fh)}
    ww, ww_base = workwell()
    sc, sc_base = scoutly()
    ww_jobs = ww_all(ww, ww_base + "/jobs?limit=100", "jobs")
    snap_path = state_dir() / "workwell.json"
    snap = json.loads(snap_path.read_text()) if snap_path.exists() else None
    if snap:
        changed = ww_all(ww, ww_base + "/candidates?limit=100&updated_after=" + snap["stamp"], "candidates")
        # A disqualification does not move updated_at here (disqualified applicants whose
        # disqualified_at is after their updated_at), so every disqualified applicant is read
        # again each night (a few dozen, within the quarter the plan allows).
        disqualified = ww_all(ww, ww_base + "/candidates?limit=100&disqualified=true", "candidates")
        merged = {c["id"]: c for c in snap["candidates"]}
        merged.update({c["id"]: c for c in changed})
        merged.update({c["id"]: c for c in disqualified})
        people = list(merged.values())
    else:
        people = ww_all(ww, ww_base + "/candidates?limit=100", "candidates")

    jobs = {j["refNumber"]: j for j in sc_all(sc, sc_base, "/jobs")}
    cands = {c["externalId"]: c for c in sc_all(sc, sc_base, "/candidates") if c.get("externalId")}
    apps = {(a["candidateId"], a["jobId"]): a for a in sc_all(sc, sc_base, "/applications")}

    for j in ww_jobs:
        have = jobs.get(j["shortcode"])
        if have is None:
            jobs[j["shortcode"]] = must(sc.send("POST", sc_base + "/jobs", json={
                "refNumber": j["shortcode"], "title": j["title"], "screeningQuestions": QUESTIONS}), "job")
            continue
        change = {}
        if have.get("title") != j["title"]:
            change["title"] = j["title"]
        if have.get("screeningQuestions") != QUESTIONS:
            change["screeningQuestions"] = QUESTIONS
        if change:
            jobs[j["shortcode"]] = must(sc.send("POST", f"{sc_base}/jobs/{have['id']}", json=change), "job update")

    rows = []
    for cd in sorted(people, key=lambda c: int(c["id"], 16)):
        status = "REJECTED" if cd["disqualified"] else mapping.get(cd["stage_slug"])
        if status is None:
            rows.append((cd["id"], "", "", "flagged"))
            continue
        job = jobs[cd["job"]["shortcode"]]
        fields = {"firstName": cd["firstname"], "lastName": cd["lastname"], "email": cd["email"],
                  "phoneNumber": cd["phone"]}
        cand = cands.get(cd["id"])
        if cand is None:
            body = dict(fields, externalId=cd["id"])
            if body["phoneNumber"] is None:
                del body["phoneNumber"]
            cand = must(sc.send("POST", sc_base + "/candidates", json=body), "candidate")
        else:
            diff = {k: v for k, v in fields.items() if cand.get(k) != v}
            if diff:
                cand = must(sc.send("POST", f"{sc_base}/candidates/{cand['id']}", json=diff), "candidate update")
        answers = wanted_answers(cd)
        app = apps.get((cand["id"], job["id"]))
        if app is None:
            app = must(sc.send("POST", sc_base + "/applications", json={
                "candidateId": cand["id"], "jobId": job["id"], "status": status, "screeningAnswers": answers}),
                "application")
        else:
            diff = {}
            if app.get("status") != status:
                diff["status"] = status
            if sorted(app.get("screeningAnswers") or [], key=lambda x: x["questionId"]) != answers:
                diff["screeningAnswers"] = answers
            if diff:
                app = must(sc.send("POST", f"{sc_base}/applications/{app['id']}", json=diff), "application update")
        rows.append((cd["id"], cand["id"], app["id"], "migrated"))

    out = output_dir() / "id_map.csv"
    tmp = str(out) + ".part"
    with open(tmp, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["workwell_id", "scoutly_candidate_id", "scoutly_application_id", "outcome"])
        w.writerows(rows)
    os.replace(tmp, out)
    stamp = max((c["updated_at"] for c in people), default=(snap or {}).get("stamp"))
    if stamp:
        part = str(snap_path) + ".part"
        with open(part, "w") as fh:
            json.dump({"stamp": stamp, "candidates": people}, fh)
        os.replace(part, snap_path)
    print(f"migrate: {sum(r[3] == 'migrated' for r in rows)} migrated, {sum(r[3] == 'flagged' for r in rows)} flagged",
          file=sys.stderr)
    return 0
