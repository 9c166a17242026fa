# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Hourly provisioning: all Workwell candidates walked, the Hired ones looked up in Keystone by
ExternalRef one by one and, failing that, among the employees keyed in by hand without a
reference by e-mail (those are never given one: they stay as HR keyed them); created when
missing, their start date corrected in place while the employee is pending."""
from __future__ import annotations

import csv
from pathlib import Path

from .config import LOG_COLUMNS, Settings, load_departments
from .sources import KS, Failure, KeystoneHR, WorkwellReader, field, iso_from_ks, ks_date


def fix_start(hr: KeystoneHR, emp_id: str, iso: str) -> str:
    for _ in range(6):
        doc, etag = hr.read(emp_id)
        status = field(doc, "Status")
        if status == "active":
            return "started"
        if status == "withdrawn":
            return "withdrawn"
        if iso_from_ks(field(doc, "StartDate")) == iso:
            return "unchanged"
        doc.find(f"{{{KS}}}StartDate").text = ks_date(iso)
        if hr.put(emp_id, doc, etag) == 200:
            return "updated"
    raise Failure(f"employee {emp_id} keeps changing under us")


def provision(settings: Settings) -> int:
    mapping = load_departments()
    ww = WorkwellReader(settings.workwell_url, settings.workwell_key, settings.workwell_tenant)
    hr = KeystoneHR(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    rows, broken = [], False
    try:
        jobs = {j["shortcode"]: j for j in ww.listing("jobs", {"limit": 100})}
        hired = [c for c in ww.listing("candidates", {"limit": 100}) if c.get("stage_slug") == "hired"]
        by_hand = hr.without_ref()
    except Failure as err:
        print(err)
        return 1
    for c in hired:
        try:
            iso = ww.start_date(c["id"])
            found = hr.by_ref(f"WW-{c['id']}") or by_hand.get((c.get("email") or "").strip().lower(), [])
            if iso is None:
                rows.append([c["id"], field(found[0], "EmployeeNo") if found else "", "no_start_date"])
                continue
            if found:
                emp = found[0]
                rows.append([c["id"], field(emp, "EmployeeNo"), fix_start(hr, field(emp, "Id"), iso)])
                continue
            job = jobs.get(c["job"]["shortcode"], {})
            made = hr.create({
                "ExternalRef": f"WW-{c['id']}", "FirstName": c["firstname"], "LastName": c["lastname"],
                "Email": c.get("email"), "Phone": c.get("phone"), "JobTitle": job.get("title"),
                "Department": mapping.get(job.get("department") or "", job.get("department")),
                "StartDate": ks_date(iso), "Status": "pending"})
            rows.append([c["id"], field(made, "EmployeeNo"), "created"])
        except Failure as err:
            print(f"{c['id']}: {err}")
            rows.append([c["id"], "", "error"])
            broken = True
    out = Path(settings.log_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_suffix(".part")
    with part.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(LOG_COLUMNS)
        w.writerows(rows)
    part.replace(out)
    print(f"{len(rows)} hires handled")
    return 1 if broken else 0
