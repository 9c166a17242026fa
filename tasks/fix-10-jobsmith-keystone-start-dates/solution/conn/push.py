# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Every Jobsmith hire is one Keystone employee, ExternalRef JS-<Jobsmith applicant id>,
starting on the day Jobsmith hired them (our managers mark people Hired on their first shift).
New hires are created pending; an employee payroll has not started yet (pending) follows
Jobsmith's date; one that has started (active) is left alone and, if its date is wrong, goes
on the manual-review list for payroll. Restaurants are walked one location at a time."""
from __future__ import annotations

import csv
import datetime as dt
import sys

from .config import REVIEW_COLUMNS, Settings
from .jobsmith import Jobsmith, JobsmithError
from .keystone import (Keystone, KeystoneError, Refused, Stale, from_keystone_date, new_employee, set_text,
                       text_of, to_keystone_date)

JOB_STATUSES = ("Open", "On Hold", "Filled", "Closed")
MAX_CONFLICTS = 5


def start_date(hire_date: str) -> dt.date:
    """The first day of a hire: Jobsmith's hire date is already a calendar date in the account's
    time zone (docs: Dates), so it is taken as it is, never converted from UTC."""
    return dt.date.fromisoformat(hire_date)


def hires(js: Jobsmith) -> list[dict]:
    """Every hire with its applicant and job, location by location."""
    # /v1/jobs without a status lists Open and On Hold jobs only: a restaurant whose jobs are
    # all Filled or Closed would be missing from the locations, so every status is walked.
    jobs = {j["id"]: j for status in JOB_STATUSES for j in js.pages("/jobs", {"status": status})}
    # One result per applicant and job the applicant is Hired on. /v1/hires keeps a hire after a
    # manager sets a mistaken Hired back (Stamford's slips): a hire counts while its applicant is
    # still Hired on that job.
    hired = {(a["id"], a["job_id"]): a for a in js.pages("/applicants", {"status": "Hired"})}
    people = {aid: a for (aid, _job), a in hired.items()}
    out = []
    for location in sorted({j["city"] for j in jobs.values()}):
        for h in js.pages("/hires", {"location": location}):
            if (h["applicant_id"], h["job_id"]) not in hired:
                continue
            job = jobs.get(h["job_id"]) or js.job(h["job_id"])
            person = people.get(h["applicant_id"]) or js.applicant(h["applicant_id"])
            out.append({"hire": h, "job": job, "person": person, "start": start_date(h["hire_date"])})
    return sorted(out, key=lambda x: x["hire"]["id"])


def employee_document(h: dict):
    p, job = h["person"], h["job"]
    return new_employee([
        ("ExternalRef", f"JS-{h['hire']['applicant_id']}"), ("FirstName", p["first_name"]),
        ("LastName", p["last_name"]), ("Email", p.get("email")), ("Phone", p.get("phone")),
        ("JobTitle", job.get("title")), ("Department", job.get("department")),
        ("StartDate", to_keystone_date(h["start"])), ("Status", "pending")])


def update_start(ks: Keystone, employee_id: str, start: dt.date) -> str:
    """Re-read, change StartDate only, PUT with the ETag just read; on 412 read again."""
    for _ in range(MAX_CONFLICTS):
        doc, etag = ks.get(employee_id)
        if text_of(doc, "Status") != "pending":
            return "not pending"
        if from_keystone_date(text_of(doc, "StartDate")) == start:
            return "unchanged"
        set_text(doc, "StartDate", to_keystone_date(start))
        try:
            ks.replace(employee_id, doc, etag)
        except Stale:
            continue
        return "updated"
    raise KeystoneError(f"employee {employee_id}: changed by someone else {MAX_CONFLICTS} times in a row")


def push(settings: Settings) -> int:
    js = Jobsmith(settings.jobsmith_url, settings.jobsmith_key)
    ks = Keystone(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    counts = {"created": 0, "updated": 0, "unchanged": 0, "review": 0, "skipped": 0}
    review = []
    try:
        found = hires(js)
        by_ref = {}
        for emp in ks.employees():
            by_ref.setdefault(text_of(emp, "ExternalRef") or "", emp)
        for h in found:
            ref = f"JS-{h['hire']['applicant_id']}"
            emp = by_ref.get(ref)
            if emp is None:
                try:
                    ks.create(employee_document(h))
                except Refused as exc:
                    print(f"{ref}: Keystone refused the employee: {exc}", file=sys.stderr)
                    counts["skipped"] += 1
                    continue
                counts["created"] += 1
                continue
            have = from_keystone_date(text_of(emp, "StartDate"))
            if text_of(emp, "Status") != "pending":
                if have != h["start"]:
                    review.append({"external_ref": ref, "employee_no": text_of(emp, "EmployeeNo"),
                                   "keystone_start_date": have.isoformat() if have else "",
                                   "jobsmith_start_date": h["start"].isoformat()})
                    counts["review"] += 1
                continue
            if have == h["start"]:
                counts["unchanged"] += 1
                continue
            outcome = update_start(ks, text_of(emp, "Id"), h["start"])
            counts["updated" if outcome == "updated" else "unchanged"] += 1
    except (JobsmithError, KeystoneError) as exc:
        print(f"push failed: {exc}", file=sys.stderr)
        return 1
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    with open(settings.review_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=REVIEW_COLUMNS)
        writer.writeheader()
        writer.writerows(review)
    print(" ".join(f"{k} {v}" for k, v in counts.items()))
    return 0
