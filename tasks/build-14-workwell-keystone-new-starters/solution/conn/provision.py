# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Every Workwell candidate in stage Hired whose offer has a start date is one Keystone
employee with ExternalRef WW-<Workwell id>. New ones are created pending; afterwards only the
start date follows Workwell, and only while Keystone has the employee pending. Everything else
on the record is HR's: an update re-reads the record and changes nothing but StartDate.

The clerks typed some hires into Keystone by hand before this job existed, without any
ExternalRef: such an employee (no reference, the candidate's e-mail) is that hire's employee,
never to be created again. A pending one gets its reference filled in (with the start date, if
that is wrong) so that later runs find it by reference; an active or withdrawn one is left alone."""
from __future__ import annotations

import csv
import datetime as dt
import os
import sys

from .config import LOG_COLUMNS, Settings, load_departments
from .keystone import (Keystone, KeystoneError, Stale, from_keystone_date, new_employee, set_text, text_of,
                       to_keystone_date)
from .workwell import Workwell, WorkwellError

MAX_CONFLICTS = 5


def hires(ww: Workwell) -> list[dict]:
    """Hired candidates with their job and offer start date (None when not agreed yet)."""
    jobs = {j["shortcode"]: j for j in ww.walk("jobs", "jobs")}
    out = []
    for cand in ww.walk("candidates", "candidates", "stage=hired&limit=100"):
        offer = ww.offer(cand["id"])
        start = offer.get("start_date") if offer else None
        out.append({"cand": cand, "job": jobs.get((cand.get("job") or {}).get("shortcode")) or {},
                    "start": dt.date.fromisoformat(start) if start else None})
    return sorted(out, key=lambda h: int(h["cand"]["id"], 16))


def update_start(ks: Keystone, employee_id: str, start: dt.date, ref: str | None = None) -> tuple[str, str | None]:
    """Re-read, change StartDate only (and fill in a missing ExternalRef), PUT with the ETag just
    read; on 412 read again."""
    for _ in range(MAX_CONFLICTS):
        doc, etag = ks.get(employee_id)
        status = text_of(doc, "Status")
        if status in ("active", "withdrawn"):
            return ("started" if status == "active" else "withdrawn"), text_of(doc, "EmployeeNo")
        date_right = from_keystone_date(text_of(doc, "StartDate")) == start
        ref_missing = ref is not None and not text_of(doc, "ExternalRef")
        if date_right and not ref_missing:
            return "unchanged", text_of(doc, "EmployeeNo")
        if not date_right:
            set_text(doc, "StartDate", to_keystone_date(start))
        if ref_missing:
            set_text(doc, "ExternalRef", ref)
        try:
            saved = ks.replace(employee_id, doc, etag)
        except Stale:
            continue
        return ("unchanged" if date_right else "updated"), text_of(saved, "EmployeeNo")
    raise KeystoneError(f"employee {employee_id}: changed by someone else {MAX_CONFLICTS} times in a row")


def provision(settings: Settings) -> int:
    departments = load_departments()
    ww = Workwell(settings.workwell_url, settings.workwell_key, settings.workwell_tenant)
    ks = Keystone(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    log, failed = [], False
    try:
        found = hires(ww)
        by_ref: dict[str, list] = {}
        hand_keyed: dict[str, list] = {}   # employees without a reference, by lower-cased e-mail
        for emp in ks.employees():
            by_ref.setdefault(text_of(emp, "ExternalRef") or "", []).append(emp)
            if not text_of(emp, "ExternalRef") and text_of(emp, "Email"):
                hand_keyed.setdefault(text_of(emp, "Email").lower(), []).append(emp)
    except (WorkwellError, KeystoneError) as exc:
        print(f"provision failed: {exc}", file=sys.stderr)
        return 1
    for h in found:
        cand, job, start = h["cand"], h["job"], h["start"]
        ref = f"WW-{cand['id']}"
        existing = by_ref.get(ref) or []
        keyed_by_hand = not existing and bool(hand_keyed.get((cand.get("email") or "").strip().lower()))
        if keyed_by_hand:
            existing = hand_keyed[(cand.get("email") or "").strip().lower()]
        try:
            if start is None:
                log.append((cand["id"], text_of(existing[0], "EmployeeNo") if existing else "", "no_start_date"))
                continue
            if not existing:
                doc = new_employee([
                    ("ExternalRef", ref), ("FirstName", cand["firstname"]), ("LastName", cand["lastname"]),
                    ("Email", cand.get("email")), ("Phone", cand.get("phone")), ("JobTitle", job.get("title")),
                    ("Department", departments.get((job.get("department") or "").strip(), job.get("department"))),
                    ("StartDate", to_keystone_date(start)), ("Status", "pending")])
                saved = ks.create(doc)
                log.append((cand["id"], text_of(saved, "EmployeeNo"), "created"))
                continue
            emp = existing[0]
            status = text_of(emp, "Status")
            if status in ("active", "withdrawn"):
                log.append((cand["id"], text_of(emp, "EmployeeNo"), "started" if status == "active" else "withdrawn"))
            elif keyed_by_hand:
                action, number = update_start(ks, text_of(emp, "Id"), start, ref)
                log.append((cand["id"], number, action))
            elif from_keystone_date(text_of(emp, "StartDate")) == start:
                log.append((cand["id"], text_of(emp, "EmployeeNo"), "unchanged"))
            else:
                action, number = update_start(ks, text_of(emp, "Id"), start)
                log.append((cand["id"], number, action))
        except KeystoneError as exc:
            print(f"{ref}: {exc}", file=sys.stderr)
            log.append((cand["id"], text_of(existing[0], "EmployeeNo") if existing else "", "error"))
            failed = True
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.log_path.with_name(settings.log_path.name + ".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(LOG_COLUMNS)
        w.writerows(log)
    os.replace(tmp, settings.log_path)
    counts = {a: sum(1 for r in log if r[2] == a) for a in sorted({r[2] for r in log})}
    print("provision:", ", ".join(f"{n} {a}" for a, n in counts.items()))
    return 1 if failed else 0
