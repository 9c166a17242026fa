"""Keystone datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("keystone:<dataset>:<seed>")`
drives every draw; integer ids are assigned in insertion order from 1; every record starts at
`version` 1. Rows are bulk-inserted (`large` seeds well under 3 s).

small (50 employees) / large (5,000 employees)
    Employees with `employee_no` `K<100000+id>`, a postal address, `external_ref` `WW-<10000+id>` (every 10th has none: keyed in by hand),
    a work e-mail `first.last.N@keystone.example`, a phone, a job title and department.
    Status mix: start date in the past → `active`; in the future → `pending` (start dates lie
    from 120 days before to 90 days after the clock); every 12th employee is `withdrawn`.
    Planted: employee 1 always starts on the 3rd of the month after the clock (day ≤ 12, so
    a mm/dd mix-up shows) and is `pending` with external ref `WW-10001`; employee 2 started
    30 days before the clock and is `active`.
    Each employee has 3 onboarding items (Sign contract, Payroll details, Building pass;
    `done` for active employees, `open` otherwise), 0–2 equipment items (Laptop, Safety boots
    with a size, Locker, Hi-vis vest; `issued` with an asset tag for active employees,
    `requested` otherwise) and an internal-mobility record (every 7th open to move).
empty: no employees.
alder-hr (migrate-08, Alder County Schools): no employees (as `empty`); the account has
    completion dates switched on (`item_done_on`): onboarding items carry and accept `DoneOn`.

Task datasets:
figtree-hr (fix-10, Figtree Restaurants), keyed to Jobsmith's `figtree` (FIGTREE_PLAN in
    vendors/jobsmith/seed_tasks.py, fixed whatever the seed): 12 long-serving staff keyed in by
    hand (`active`, started 2023-2025, external refs `FIG-<100+id>`, every 4th none), then the
    20 employees the connector's earlier runs created (ids 13-32, in hire order), ExternalRef
    `JS-<applicant id>`, names / e-mail / phone from Jobsmith, JobTitle and Department from the
    job. Their StartDate is the old job's: the hire date a day back, written month first and
    read day first (2026-04-09 -> 04/08/2026 -> 4 August), except two HR corrected by hand
    (the hires of 2026-03-12, now `active`, and 2026-04-08, still `pending`). `active`: the
    hires of 03-03, 03-05, 03-10, 04-07 (wrongly dated) and 03-12; the other 15 `pending`. HR
    added an address to every other one and corrected the phone of two pending ones (ids 16 and
    24), so those differ from Jobsmith. Hires whose old date was refused, and those at Stamford
    and New Rochelle, have no employee.
city-hr (build-14, City of Wrenford): 40 existing council staff, all `active` (started 60–1500
    days before the clock), hand-keyed external refs `WREN-<2000+id>` (no `WW-` refs: every
    Workwell hire is for the connector to create), departments from CITY_DEPARTMENTS — the
    Keystone names `materials/departments.csv` should map Workwell's departments to:
    Environment → Environmental Services, Culture → Libraries & Culture, Finance → Finance &
    Payroll, Children's Services → Children's Social Care, Planning → Planning & Building
    Control, Digital → Digital Services, Adult Social Care → Adult Social Care, Customer
    Services → Customer Services.
city-hr-2 (build-14 v2, City of Wrenford, keyed to Workwell's `city` of the same seed): 40 council
    staff as in city-hr (drawn from this dataset's own random stream), then 6 of Workwell's
    current hires the two clerks had already typed in by hand before the integration (ids
    41-46, CITY_CLERK_KEYED): no ExternalRef (the clerks never filled it in), name and e-mail as
    Workwell has them, the job's title and Keystone department. Four are `pending`: two with
    Workwell's start date, two with day and month swapped (a day of 12 or less, so the swapped
    date is valid); HR corrected the phone of one and added an address to two. Two have started
    and are `active`, one of them on a swapped date. The other hires have no employee.
ferrous (harden-08, Ferrous Steelworks): 60 employees in Melt Shop / Rolling Mill /
    Maintenance / Logistics, external refs `FS-<1000+id>`; employees 1–40 `pending` (start
    dates 3–60 days after the clock), 41–60 `active`. Each employee already has 0–2 issued
    equipment items with `Ref` `ISS-<4-digit serial>` (serials 0001… in id order, kinds Safety
    boots / Hard hat / Locker / Hi-vis vest / Gloves). Onboarding items as in `small`. Then
    the storeroom's open requests: employees 1–24 each have one `requested` item (no asset
    tag, no issue date) whose `Ref` is the issue number `FS-ISS-<2000+id>`, kinds cycling
    through the PPE list; two were keyed by hand badly (employee 17: `fs-iss-2017`, employee
    22: `FS-ISS-2022 ` with a trailing space). The dataset switches `equipment_list_lag_s` to 8:
    an item created less than 8 s ago is not yet in its employee's equipment list.
halvard-hr (harden-12, Halvard Biologics): 120 `active` employees (start dates 30–900 days
    before the clock, ≥ 40 % on a day of the month ≤ 12), external refs `HB-<1000+id>`;
    internal mobility open for every 4th employee (30 opted in: 4, 8, …, 120) with a preferred
    department; everyone else opted out.
"""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert, select

from vendors.kit.names import JOB_TITLES, person

from .mutations import employee_no
from .models import Employee, Equipment, InternalMobility, OnboardingItem

STREETS = ["Mill Lane", "Station Road", "Church Street", "Park Avenue", "Quay Street", "Elm Row"]
DEPARTMENTS = ["Operations", "Finance", "Nursing", "Engineering", "Facilities", "People"]
ITEMS = ["Sign contract", "Payroll details", "Building pass"]
EQUIPMENT = [("Laptop", None), ("Safety boots", "42"), ("Locker", None), ("Hi-vis vest", "L")]
SIZES = {"small": 50, "large": 5000, "empty": 0}


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"keystone:{dataset}:{seed_value}")
    if dataset == "city-hr-2":
        city_hr_2(s, rng, c.now(), seed_value)
        return
    if dataset in TASKS:
        TASKS[dataset](s, rng, c.now())
        c.settings.update(DATASET_SETTINGS.get(dataset, {}))
        return
    if dataset not in SIZES:
        from vendors.kit.errors import VendorError

        raise VendorError(400, "unknown_dataset", f"unknown dataset {dataset!r}")
    generic(s, rng, c.now(), SIZES[dataset])


def _first_of_next_month(today: dt.date, day: int) -> dt.date:
    y, m = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    return dt.date(y, m, day)


def generic(s, rng: random.Random, now: dt.datetime, n: int) -> None:
    today = now.date()
    employees, items, equipment, mobility = [], [], [], []
    for i in range(1, n + 1):
        p = person(rng, i)
        start = today + dt.timedelta(days=rng.randint(-120, 90))
        if i == 1:
            start = _first_of_next_month(today, 3)
        elif i == 2:
            start = today - dt.timedelta(days=30)
        status = "active" if start <= today else "pending"
        if i % 12 == 0:
            status = "withdrawn"
        created = (now - dt.timedelta(seconds=rng.randint(5, 150) * 86400)).replace(microsecond=0)
        updated = min(now, created + dt.timedelta(seconds=rng.randint(0, 5 * 86400)))
        employees.append({
            "id": i, "external_ref": None if i % 10 == 0 else f"WW-{10000 + i}",
            "first_name": p["first_name"], "last_name": p["last_name"],
            "email": f"{p['first_name']}.{p['last_name']}.{i}@keystone.example".lower(),
            "employee_no": employee_no(i), "phone": p.get("phone"),
            "address": f"{rng.randint(1, 240)} {rng.choice(STREETS)}, {p['city']}", "job_title": rng.choice(JOB_TITLES),
            "department": rng.choice(DEPARTMENTS), "start_date": start, "status": status,
            "version": 1, "created_at": created, "updated_at": updated})
        for t in ITEMS:
            items.append({"employee_id": i, "title": t, "due_date": start - dt.timedelta(days=rng.randint(1, 14)),
                          "status": "done" if status == "active" else "open", "version": 1,
                          "created_at": created, "updated_at": updated})
        for kind, size in rng.sample(EQUIPMENT, rng.randint(0, 2)):
            issued = status == "active"
            equipment.append({"employee_id": i, "kind": kind, "size": size,
                              "asset_tag": f"KS-{rng.randint(100000, 999999)}" if issued else None,
                              "issued_on": start if issued else None,
                              "status": "issued" if issued else "requested", "version": 1,
                              "created_at": created, "updated_at": updated})
        mobility.append({"employee_id": i, "open_to_move": i % 7 == 0,
                         "preferred_department": rng.choice(DEPARTMENTS) if i % 7 == 0 else None,
                         "version": 1, "updated_at": updated})
    for model, rows in ((Employee, employees), (OnboardingItem, items), (Equipment, equipment),
                        (InternalMobility, mobility)):
        if rows:
            s.execute(insert(model), rows)


STEEL_DEPTS = ["Melt Shop", "Rolling Mill", "Maintenance", "Logistics"]
PPE = [("Safety boots", "43"), ("Hard hat", None), ("Locker", None), ("Hi-vis vest", "XL"), ("Gloves", "9")]
BIO_DEPTS = ["Cell Culture", "Quality Control", "Downstream", "Regulatory", "Manufacturing Science"]


def _ts(now, rng, lo_days, hi_days):
    return (now - dt.timedelta(seconds=rng.randint(lo_days * 86400, hi_days * 86400))).replace(microsecond=0)


def _employee(i, p, rng, now, ref, dept, start, status):
    created = _ts(now, rng, 5, 120)
    return {"id": i, "employee_no": employee_no(i), "external_ref": ref, "first_name": p["first_name"],
            "last_name": p["last_name"], "email": f"{p['first_name']}.{p['last_name']}.{i}@keystone.example".lower(),
            "phone": p["phone"], "address": f"{rng.randint(1, 240)} {rng.choice(STREETS)}, {p['city']}",
            "job_title": rng.choice(JOB_TITLES), "department": dept, "start_date": start, "status": status,
            "version": 1, "created_at": created, "updated_at": created}


def ferrous(s, rng, now):
    today = now.date()
    emps, items, equipment, mobility, serial = [], [], [], [], 0
    for i in range(1, 61):
        p = person(rng, i)
        pending = i <= 40
        start = today + dt.timedelta(days=rng.randint(3, 60)) if pending else today - dt.timedelta(days=rng.randint(5, 200))
        e = _employee(i, p, rng, now, f"FS-{1000 + i}", rng.choice(STEEL_DEPTS), start, "pending" if pending else "active")
        emps.append(e)
        for t in ITEMS:
            items.append({"employee_id": i, "title": t, "due_date": start - dt.timedelta(days=7),
                          "status": "open" if pending else "done", "version": 1,
                          "created_at": e["created_at"], "updated_at": e["updated_at"]})
        for kind, size in rng.sample(PPE, rng.randint(0, 2)):
            serial += 1
            equipment.append({"employee_id": i, "ref": f"ISS-{serial:04d}", "kind": kind, "size": size,
                              "asset_tag": f"FS-A{rng.randint(10000, 99999)}", "issued_on": e["created_at"].date(),
                              "status": "issued", "version": 1, "created_at": e["created_at"],
                              "updated_at": e["updated_at"]})
        mobility.append({"employee_id": i, "open_to_move": False, "preferred_department": None, "version": 1,
                         "updated_at": e["updated_at"]})
    for i in range(1, 25):  # the storeroom's open requests, keyed by hand with the issue number
        kind, size = PPE[(i - 1) % len(PPE)]
        ref = FERROUS_REQUEST_REFS.get(i, f"FS-ISS-{2000 + i}")
        equipment.append({"employee_id": i, "ref": ref, "kind": kind, "size": size, "asset_tag": None,
                          "issued_on": None, "status": "requested", "version": 1,
                          "created_at": emps[i - 1]["created_at"], "updated_at": emps[i - 1]["updated_at"]})
    _insert(s, emps, items, equipment, mobility)


# Requests whose issue number the storeroom keyed in lower case or with a stray space.
FERROUS_REQUEST_REFS = {17: "fs-iss-2017", 22: "FS-ISS-2022 "}

# the walk-up issues of harden-08's file (employees 25-36, no request), cycling
FERROUS_WALK_UPS = [("Locker", None), ("Gloves", "9"), ("Hi-vis vest", "L"), ("Safety boots", "42")]
# issues recorded last month that the file repeats (left alone): the items of these serials
FERROUS_RECORDED = (3, 40)
# the day of harden-08's issues (its scenario's clock), whatever clock the dataset was seeded on
FERROUS_ISSUE_DAY = dt.date(2026, 6, 1)


def ferrous_issues(s, c) -> list[dict]:
    """harden-08's issues file for the ferrous dataset just seeded: the 24 requests (employees
    1-24, kinds as requested, tags FS-A600nn), a walk-up issue after every second request
    (employees 25-36, tags FS-A700nn), and the items of serials 3 and 40 (after request 3 and the
    7th walk-up): the dataset's own, whichever employee holds them, dated four weeks back."""
    today, last_month = FERROUS_ISSUE_DAY.isoformat(), (FERROUS_ISSUE_DAY - dt.timedelta(days=28)).isoformat()
    recorded = {}
    for n in FERROUS_RECORDED:
        e = s.scalars(select(Equipment).where(Equipment.ref == f"ISS-{n:04d}")).first()
        if e is None:
            raise ValueError(f"the ferrous dataset has no item ISS-{n:04d}")
        # the file dates them four weeks back, not as Keystone has them (whoever keyed the file)
        recorded[n] = {"issue_id": e.ref, "employee_id": str(e.employee_id), "kind": e.kind, "size": e.size or "",
                       "asset_tag": e.asset_tag or "", "issued_on": last_month}
    rows = []
    for i in range(1, 25):
        kind, size = PPE[(i - 1) % len(PPE)]
        rows.append({"issue_id": f"FS-ISS-{2000 + i}", "employee_id": str(i), "kind": kind, "size": size or "",
                     "asset_tag": f"FS-A{60000 + i}", "issued_on": today})
        if i == 3:
            rows.append(recorded[3])
        if i % 2 == 0:
            j = i // 2
            kind, size = FERROUS_WALK_UPS[(j - 1) % len(FERROUS_WALK_UPS)]
            rows.append({"issue_id": f"FS-ISS-{2100 + j}", "employee_id": str(24 + j), "kind": kind,
                         "size": size or "", "asset_tag": f"FS-A{70000 + 24 + j}", "issued_on": today})
            if j == 7:
                rows.append(recorded[40])
    return rows


# the files a task hands out that a dataset generates (VendorSpec.materials, docs/variants.md)
MATERIALS = {"ferrous": {"issues.csv": ferrous_issues}}


def halvard(s, rng, now):
    today = now.date()
    emps, mobility = [], []
    for i in range(1, 121):
        p = person(rng, i)
        start = today - dt.timedelta(days=rng.randint(30, 900))
        if i % 5 in (0, 1):  # day of month ≤ 12 for a good share
            start = start.replace(day=rng.randint(1, 12))
        e = _employee(i, p, rng, now, f"HB-{1000 + i}", rng.choice(BIO_DEPTS), start, "active")
        emps.append(e)
        opted = i % 4 == 0
        mobility.append({"employee_id": i, "open_to_move": opted,
                         "preferred_department": rng.choice(BIO_DEPTS) if opted else None, "version": 1,
                         "updated_at": e["updated_at"]})
    _insert(s, emps, [], [], mobility)


def _insert(s, employees, items, equipment, mobility):
    for model, rows in ((Employee, employees), (OnboardingItem, items), (Equipment, equipment),
                        (InternalMobility, mobility)):
        if rows:
            s.execute(insert(model), rows)


CITY_DEPARTMENTS = ["Environmental Services", "Libraries & Culture", "Finance & Payroll", "Children's Social Care",
                    "Planning & Building Control", "Digital Services", "Adult Social Care", "Customer Services"]


def city(s, rng, now):
    today = now.date()
    emps, mobility = [], []
    for i in range(1, 41):
        p = person(rng, i)
        e = _employee(i, p, rng, now, f"WREN-{2000 + i}", rng.choice(CITY_DEPARTMENTS),
                      today - dt.timedelta(days=rng.randint(60, 1500)), "active")
        emps.append(e)
        mobility.append({"employee_id": i, "open_to_move": False, "preferred_department": None, "version": 1,
                         "updated_at": e["updated_at"]})
    _insert(s, emps, [], [], mobility)


# Workwell department -> Keystone department (HR's mapping sheet, build-14 materials/departments.csv).
CITY_DEPARTMENT_OF = {"Environment": "Environmental Services", "Culture": "Libraries & Culture",
                      "Finance": "Finance & Payroll", "Children's Services": "Children's Social Care",
                      "Planning": "Planning & Building Control", "Digital": "Digital Services",
                      "Adult Social Care": "Adult Social Care", "Customer Services": "Customer Services"}
# The hires the clerks keyed in by hand (position among Workwell's hired candidates in id order)
# and how: status, whether they swapped day and month, HR's phone correction, an address.
CITY_CLERK_KEYED = [
    {"hire": 2, "status": "pending", "swapped": False, "phone": None, "address": "14 Mill Lane, Wrenford"},
    {"hire": 3, "status": "pending", "swapped": True, "phone": "+44 7700 900318", "address": None},
    {"hire": 8, "status": "pending", "swapped": True, "phone": None, "address": "3 Quay Street, Wrenford"},
    {"hire": 14, "status": "pending", "swapped": False, "phone": None, "address": None},
    {"hire": 16, "status": "active", "swapped": False, "phone": None, "address": "88 Elm Row, Wrenford"},
    {"hire": 19, "status": "active", "swapped": True, "phone": None, "address": None},
]


def workwell_city_hires(seed_value: int, now) -> list[dict]:
    """Workwell `city`'s hired candidates for a seed, in id order, with job and offer start date."""
    from vendors.workwell.models import Candidate, Job, Offer
    from vendors.workwell.seed import dataset_rows

    rows = dataset_rows("city", seed_value, now)
    jobs = {r.id: r for r in rows if isinstance(r, Job)}
    offers = {r.candidate_id: r for r in rows if isinstance(r, Offer)}
    out = []
    for r in sorted((r for r in rows if isinstance(r, Candidate) and r.stage == "hired"), key=lambda r: r.id):
        o = offers.get(r.id)
        out.append({"id": r.id, "firstname": r.firstname, "lastname": r.lastname, "email": r.email,
                    "phone": r.phone, "title": jobs[r.job_id].title, "department": jobs[r.job_id].department,
                    "start_date": o.start_date if o else None})
    return out


def city_hr_2(s, rng, now, seed_value):
    city(s, rng, now)
    hires = workwell_city_hires(seed_value, now)
    emps, mobility = [], []
    for n, plan in enumerate(CITY_CLERK_KEYED):
        h = hires[plan["hire"]]
        i = 41 + n
        start = h["start_date"]
        if plan["swapped"] and start.day <= 12:
            start = dt.date(start.year, start.day, start.month)
        created = _ts(now, rng, 10, 50)
        edited = plan["phone"] or plan["address"]
        emps.append({"id": i, "employee_no": employee_no(i), "external_ref": None, "first_name": h["firstname"],
                     "last_name": h["lastname"], "email": h["email"], "phone": plan["phone"] or h["phone"],
                     "address": plan["address"], "job_title": h["title"],
                     "department": CITY_DEPARTMENT_OF.get(h["department"], h["department"]), "start_date": start,
                     "status": plan["status"], "version": 2 if edited else 1, "created_at": created,
                     "updated_at": created + dt.timedelta(days=3) if edited else created})
        mobility.append({"employee_id": i, "open_to_move": False, "preferred_department": None, "version": 1,
                         "updated_at": created})
    _insert(s, emps, [], [], mobility)


def _old_job_date(d: dt.date) -> dt.date:
    """What the connector's earlier runs wrote for a hire date d (a day back, month first, read day first)."""
    back = d - dt.timedelta(days=1)
    return dt.date(back.year, back.day, back.month)


def figtree_hr(s, rng, now):
    from vendors.jobsmith.seed_tasks import FIGTREE_JOBS, figtree_plan

    plan = figtree_plan()
    jobs = {j[0]: j for j in FIGTREE_JOBS}
    emps, mobility = [], []
    for i in range(1, 13):
        p = person(rng, i)
        start = dt.date(2023, 1, 9) + dt.timedelta(days=rng.randint(0, 900))
        e = _employee(i, p, rng, now, None if i % 4 == 0 else f"FIG-{100 + i}",
                      rng.choice(["Kitchen", "Floor", "Office"]), start, "active")
        e["created_at"] = e["updated_at"] = dt.datetime(start.year, start.month, start.day, 15, tzinfo=dt.timezone.utc)
        emps.append(e)
    i = 12
    for h in plan["hires"]:
        if h["keystone"] not in ("active_bug", "pending_bug", "active_ok", "pending_ok"):
            continue
        i += 1
        p = plan["people"][h["applicant_id"]]
        _, title, _city, dept, _st = jobs[h["job_id"]]
        created = (h["hired_at"] + dt.timedelta(hours=1)).replace(minute=5, second=0)
        ok = h["keystone"].endswith("_ok")
        phone = p["phone"]
        if i in (16, 24):
            phone = f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
        aid = h["applicant_id"]
        emps.append({"id": i, "employee_no": employee_no(i), "external_ref": f"JS-{aid}",
                     "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{aid}@figtree-jobs.example".lower(),
                     "phone": phone,
                     "address": f"{rng.randint(1, 240)} {rng.choice(STREETS)}, {_city}" if i % 2 else None,
                     "job_title": title, "department": dept,
                     "start_date": h["hire_date"] if ok else _old_job_date(h["hire_date"]),
                     "status": "active" if h["keystone"].startswith("active") else "pending",
                     "version": 2 if ok or i in (16, 24) or i % 2 else 1, "created_at": created,
                     "updated_at": created + dt.timedelta(days=2) if ok or i in (16, 24) or i % 2 else created})
    for e in emps:
        mobility.append({"employee_id": e["id"], "open_to_move": False, "preferred_department": None,
                         "version": 1, "updated_at": e["created_at"]})
    _insert(s, emps, [], [], mobility)


# Settings a dataset switches on at reset (a scenario may change them with vendor_config).
DATASET_SETTINGS = {"ferrous": {"equipment_list_lag_s": 8}, "alder-hr": {"item_done_on": True}}


def alder_hr(s, rng, now):
    """No employees yet: Alder's Keystone account before the move (settings above)."""


TASKS = {"alder-hr": alder_hr, "ferrous": ferrous, "halvard-hr": halvard, "city-hr": city, "figtree-hr": figtree_hr}
