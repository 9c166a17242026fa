# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Workwell -> Scoutly move (see TICKET.md).

Resumable: IB_STATE_DIR/migration.json keeps the Scoutly ids learnt so far and what was last
written for each applicant, saved after every write. A write whose answer never came (the run
was cut off) is found again by its unique key: a job's refNumber, a candidate's externalId and
a (candidate, job) application all answer 409 with `existingId`. After a complete run, the
next one reads only the Workwell candidates changed since that run began, on Workwell's clock
(its Date header): those updated since (`updated_after`) and those disqualified since
(`disqualified_after`: a disqualification leaves `updated_at` alone), and Workwell's jobs."""
from __future__ import annotations

import csv
import email.utils
import hashlib
import json
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

from conn.config import materials_dir, output_dir, state_dir
from conn.http import Scoutly, Workwell

QUESTIONS = [
    {"id": "bleep_test_level", "text": "Bleep test level reached", "type": "NUMBER"},
    {"id": "ladder_climb_s", "text": "Ladder climb time (seconds)", "type": "NUMBER"},
    {"id": "right_to_work", "text": "Do you have the right to work in this country?", "type": "BOOLEAN"},
]
WRITERS = 4


class State:
    def __init__(self) -> None:
        self.path = state_dir() / "migration.json"
        self.lock = threading.Lock()
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {}
        self.data.setdefault("jobs", {})
        self.data.setdefault("applicants", {})

    def save(self) -> None:
        with self.lock:
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.data, sort_keys=True))
            os.replace(tmp, self.path)


def status_map() -> dict[str, str]:
    with open(materials_dir() / "status_map.csv", newline="") as fh:
        return {r["workwell_stage"].strip(): r["scoutly_status"].strip() for r in csv.DictReader(fh)}


def number(text: str | None):
    if text is None or not str(text).strip():
        return None
    value = float(str(text).strip().replace(",", "."))
    return int(value) if value.is_integer() and "." not in str(text) and "," not in str(text) else value


def answers(ww_answers: list[dict]) -> list[dict]:
    got = {a["question_key"]: a.get("answer") for a in ww_answers or []}
    out = []
    for key in ("bleep_test_level", "ladder_climb_s"):
        value = number(got.get(key))
        if value is not None:
            out.append({"questionId": key, "answer": value})
    rtw = got.get("right_to_work")
    if rtw is not None and str(rtw).strip():
        out.append({"questionId": "right_to_work", "answer": str(rtw).strip().lower() in ("yes", "y", "true")})
    return out


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def ww_clock(ww: Workwell) -> str:
    date = email.utils.parsedate_to_datetime(ww.last_date) if ww.last_date else datetime.now(timezone.utc)
    return (date - timedelta(seconds=2)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ensure_job(sc: Scoutly, st: State, job: dict) -> str:
    want = {"refNumber": job["shortcode"], "title": job["title"], "screeningQuestions": QUESTIONS}
    known = st.data["jobs"].get(job["shortcode"])
    if known and known["sig"] == digest(want):
        return known["id"]
    if known:
        job_id = known["id"]
    else:
        resp = sc.call("POST", "/jobs", want)
        if resp.status_code == 201:
            st.data["jobs"][job["shortcode"]] = {"id": resp.json()["id"], "sig": digest(want)}
            st.save()
            return resp.json()["id"]
        if resp.status_code != 409:
            raise SystemExit(f"job {job['shortcode']}: {resp.status_code} {resp.text}")
        job_id = resp.json()["existingId"]
    have = sc.call("GET", f"/jobs/{job_id}").json()
    change = {k: v for k, v in want.items() if k != "refNumber" and have.get(k) != v}
    if change:
        resp = sc.call("POST", f"/jobs/{job_id}", change)
        if resp.status_code != 200:
            raise SystemExit(f"job {job['shortcode']} update: {resp.status_code} {resp.text}")
    st.data["jobs"][job["shortcode"]] = {"id": job_id, "sig": digest(want)}
    st.save()
    return job_id


def candidate_body(cd: dict) -> dict:
    return {"firstName": cd["firstname"], "lastName": cd["lastname"], "email": cd["email"],
            "phoneNumber": cd.get("phone"), "externalId": cd["id"]}


def migrate_applicant(sc: Scoutly, st: State, cd: dict, job_id: str, status: str) -> None:
    ww_id = cd["id"]
    rec = dict(st.data["applicants"].get(ww_id) or {})
    cand = candidate_body(cd)
    app = {"status": status, "screeningAnswers": answers(cd.get("answers"))}
    if rec.get("cid") and rec.get("cand_sig") != digest(cand):
        _ok(sc.call("POST", f"/candidates/{rec['cid']}", {k: v for k, v in cand.items() if k != "externalId"}), ww_id)
    elif not rec.get("cid"):
        body = {k: v for k, v in cand.items() if v is not None}
        resp = sc.call("POST", "/candidates", body)
        if resp.status_code == 201:
            rec["cid"] = resp.json()["id"]
        elif resp.status_code == 409 and resp.json().get("code") == "duplicate_external_id":
            rec["cid"] = resp.json()["existingId"]
            have = sc.call("GET", f"/candidates/{rec['cid']}").json()
            fix = {k: v for k, v in cand.items() if k != "externalId" and have.get(k) != v}
            if fix:
                _ok(sc.call("POST", f"/candidates/{rec['cid']}", fix), ww_id)
        else:
            raise SystemExit(f"candidate {ww_id}: {resp.status_code} {resp.text}")
    rec["cand_sig"] = digest(cand)
    _store(st, ww_id, rec)
    if rec.get("aid") and rec.get("job") == job_id and rec.get("app_sig") == digest(app):
        return
    if rec.get("aid") and rec.get("job") == job_id:
        _ok(sc.call("POST", f"/applications/{rec['aid']}", app), ww_id)
    else:
        resp = sc.call("POST", "/applications", dict(app, candidateId=rec["cid"], jobId=job_id))
        if resp.status_code == 201:
            rec["aid"] = resp.json()["id"]
        elif resp.status_code == 409 and resp.json().get("code") == "duplicate_application":
            rec["aid"] = resp.json()["existingId"]
            _ok(sc.call("POST", f"/applications/{rec['aid']}", app), ww_id)
        else:
            raise SystemExit(f"application {ww_id}: {resp.status_code} {resp.text}")
    rec["job"], rec["app_sig"] = job_id, digest(app)
    _store(st, ww_id, rec)


def _ok(resp, ww_id) -> None:
    if resp.status_code != 200:
        raise SystemExit(f"update for {ww_id}: {resp.status_code} {resp.text}")


def _store(st: State, ww_id: str, rec: dict) -> None:
    with st.lock:
        st.data["applicants"][ww_id] = dict(st.data["applicants"].get(ww_id) or {}, **rec)
    st.save()


def run() -> int:
    st = State()
    ww, sc = Workwell(), Scoutly()
    smap = status_map()
    since = st.data.get("complete_since")
    jobs = ww.walk("/jobs", "jobs")
    started = ww_clock(ww)
    if since:
        # A disqualification does not move a candidate's updated_at on this account (seen on
        # the live data: disqualified applicants whose disqualified_at is later than their
        # updated_at), so the disqualifications since the watermark are a second walk.
        changed = {cd["id"]: cd for cd in ww.walk("/candidates", "candidates", updated_after=since)}
        for cd in ww.walk("/candidates", "candidates", disqualified_after=since):
            changed[cd["id"]] = cd
        changed = list(changed.values())
    else:
        changed = ww.walk("/candidates", "candidates")
    by_code = {j["shortcode"]: j for j in jobs}
    job_ids = {code: ensure_job(sc, st, j) for code, j in by_code.items()}
    work = []
    for cd in changed:
        rec = st.data["applicants"].setdefault(cd["id"], {})
        status = "REJECTED" if cd.get("disqualified") else smap.get(cd.get("stage_slug"))
        rec["flagged"] = status is None
        if status is not None:
            work.append((cd, job_ids[cd["job"]["shortcode"]], status))
    st.save()
    failures = []
    with ThreadPoolExecutor(WRITERS) as pool:
        for fut in [pool.submit(migrate_applicant, sc, st, *w) for w in work]:
            try:
                fut.result()
            except SystemExit as exc:
                failures.append(str(exc))
    write_id_map(st)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    st.data["complete_since"] = started
    st.save()
    return 0


def write_id_map(st: State) -> None:
    path = output_dir() / "id_map.csv"
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["workwell_id", "scoutly_candidate_id", "scoutly_application_id", "outcome"])
        for ww_id in sorted(st.data["applicants"], key=lambda x: int(x, 16)):
            rec = st.data["applicants"][ww_id]
            if rec.get("flagged"):
                w.writerow([ww_id, "", "", "flagged"])
            else:
                w.writerow([ww_id, rec.get("cid", ""), rec.get("aid", ""), "migrated"])
    os.replace(tmp, path)
