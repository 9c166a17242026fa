# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Push every Jobsmith hire to Keystone (independent rewrite).

All hires come from the unfiltered /v1/hires list (every restaurant at once, whatever state its
jobs are in now). Each hire's employee is looked up by ?externalRef=JS-<applicant id>. Only a
hire without an employee needs the applicant and the job (for the new record); a pending
employee only needs the date. Jobsmith's hire_date is already the local calendar date.
A hire counts only while the applicant's record still shows them Hired on that job: a manager's
slip, set back, stays in the hire list (each applicant read once a run, by id)."""
from __future__ import annotations

import csv
import sys

from .clients import (Failed, JobsmithClient, KeystoneClient, field, iso_to_date, ks_format, ks_parse, KS_NS)
from .config import REVIEW_COLUMNS, Settings


def push(settings: Settings) -> int:
    js = JobsmithClient(settings.jobsmith_url, settings.jobsmith_key)
    ks = KeystoneClient(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    review, problems, jobs = [], 0, {}
    try:
        hires = js.every("/hires")
    except Failed as exc:
        print(exc, file=sys.stderr)
        return 1
    people: dict[int, dict] = {}
    for hire in sorted(hires, key=lambda h: h["id"]):
        ref = f"JS-{hire['applicant_id']}"
        first_day = iso_to_date(hire["hire_date"])
        try:
            if hire["applicant_id"] not in people:
                people[hire["applicant_id"]] = js.one(f"/applicants/{hire['applicant_id']}")
            person = people[hire["applicant_id"]]
            if not any(j.get("job_id") == hire["job_id"] and j.get("status") == "Hired"
                       for j in person.get("jobs") or []):
                continue  # set back since: not a hire
            found = ks.find(ref)
            if not found:
                if hire["job_id"] not in jobs:
                    jobs[hire["job_id"]] = js.one(f"/jobs/{hire['job_id']}")
                job = jobs[hire["job_id"]]
                status = ks.create([
                    ("ExternalRef", ref), ("FirstName", person["first_name"]), ("LastName", person["last_name"]),
                    ("Email", person.get("email")), ("Phone", person.get("phone")), ("JobTitle", job.get("title")),
                    ("Department", job.get("department")), ("StartDate", ks_format(first_day)),
                    ("Status", "pending")])
                if status != 201:
                    raise Failed(f"{ref}: create answered {status}")
                continue
            emp = found[0]
            if field(emp, "Status") == "active":
                have = ks_parse(field(emp, "StartDate"))
                if have != first_day:
                    review.append([ref, field(emp, "EmployeeNo"), have.isoformat() if have else "",
                                   first_day.isoformat()])
                continue
            if field(emp, "Status") != "pending":
                continue
            for _ in range(5):
                doc, etag = ks.read(field(emp, "Id"))
                if field(doc, "Status") != "pending" or ks_parse(field(doc, "StartDate")) == first_day:
                    break
                doc.find(f"{{{KS_NS}}}StartDate").text = ks_format(first_day)
                code = ks.replace(field(emp, "Id"), doc, etag)
                if code == 200:
                    break
                if code != 412:
                    raise Failed(f"{ref}: update answered {code}")
            else:
                raise Failed(f"{ref}: kept changing under us")
        except Failed as exc:
            problems += 1
            print(exc, file=sys.stderr)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    with open(settings.review_path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(REVIEW_COLUMNS)
        out.writerows(review)
    print(f"{len(hires)} hires, {len(review)} for review, {problems} problems")
    return 1 if problems else 0
