"""Jobsmith task datasets (see seed.py for the generic ones). Deterministic functions of
(dataset, seed); `random.Random("jobsmith:<dataset>:<seed>")` drives every draw.

harvest-300 (build-10-jobsmith-harvest-crews) — Thornbury Vineyards, account time zone
    America/Los_Angeles. Dates are ABSOLUTE (the county's permit cutoff is 2026-08-31, local):
    reset it with a clock after the harvest window, e.g. `clock 2026-09-03T16:00:00Z`.
    Jobs: 1 `Harvest Picker - North Blocks` (HV-N), 2 `Harvest Picker - South Blocks` (HV-S),
    3 `Harvest Crew Lead` (HV-L), 4 `Forklift Operator` (HV-F, the ONE-APPLICANT job: only
    applicant 301 applied to it — `?job_id=4` returns an object).
    Applicants 1–301, applied (local) between 2026-08-03 and 2026-09-02. Hidden: every
    applicant with id % 10 == 7 among 1–300 (30 rows), so pages 1–3 are short (90 of 100)
    mid-stream; page 4 holds only applicant 301 (visible) and so comes back as an OBJECT;
    page 5 is the empty list.
    Planted around the cutoff (local dates, Pacific):
      * 12 applicants (CUTOFF_EVE: ids 11, 21, …, 121) applied 2026-08-31 between
        17:00 and 23:30 local — already 2026-09-01 in UTC; apply_date 2026-08-31 (eligible);
      * 8 applicants (CUTOFF_MORNING) applied 2026-09-01 between 00:15 and 09:00 local;
        apply_date 2026-09-01 (not eligible; a UTC-midnight parse shifts them to 08-31);
      * 10 applicants (WITHDRAWN) are `Withdrawn` on their picker job;
      * 15 applicants (TWO_JOBS) also applied to `Harvest Crew Lead` (one row per job), on a
        later day of their own (LEAD_DAYS, never before the picker application): `apply_date`
        (the first application) differs from the crew-lead `job_apply_date`, and some crew-lead
        applications fall after the cutoff while the picker application is before it.
    Job 3 `Harvest Crew Lead` is `Filled`: `/v1/jobs` without `?status=` does not list it (the
    docs say it lists your jobs); `/v1/jobs/3`, `?status=Filled` and `?job_id=3` do.
    Applicant 301 (Forklift Operator) applied 2026-08-28 local, status Interview.
nurseries (build-13-jobsmith-clearcheck-offer-checks) — Little Acorns Childcare, twelve
    nurseries, account time zone Europe/London. Jobs 1–12 `Nursery Practitioner - <town>`
    (internal_code `LA-NUR-01`…`-12`, city = the town). 120 applicants (none hidden), applied
    5–90 days before the clock; EXACTLY 14 are in `Offer` (ids in OFFERS) and each of them has
    exactly one note ("Offer made, pending checks.") so their notes come back as an object;
    job 12 has exactly one Offer applicant (`?job_id=12&status=Offer` → an object). No
    applicant is `Cleared`; the rest are New/Screening/Interview/Rejected/Withdrawn.
figtree (fix-10-jobsmith-keystone-start-dates) — Figtree Restaurants, account time zone
    America/New_York (the default). Dates are ABSOLUTE (hires 2026-03-03 … 2026-05-15; reset it
    with a clock after them, e.g. `clock 2026-05-18T13:00:00Z`); every record comes from
    FIGTREE_PLAN, which keystone's `figtree-hr` reads too. Jobs (city = the restaurant):
    1 Line Cook, 2 Server, 9 Busser (Closed) in Astoria; 3 Prep Cook, 4 Host (On Hold) in
    Hoboken; 5 Dishwasher, 6 Bartender in Yonkers; 7 Sous Chef in Stamford (Filled: Stamford's
    only job, so `/v1/jobs` without `?status=` lists no Stamford job); 8 Server in New Rochelle.
    60 applicants (none hidden); 26 of them hired (one hire each, at the job's city, hire ids in
    date order): New Rochelle has EXACTLY ONE hire (`?location=New Rochelle` is an object),
    Stamford two. One hire was recorded at 22:40 Eastern (already the next day in UTC). The rest
    are New / Screening / Interview / Offer / Rejected / Withdrawn on the open jobs.
    FIGTREE_PLAN's `keystone` says what figtree-hr holds for each hire (written by the
    connector's earlier runs: the date shifted a day back and written month first).
figtree-slips (fix-10 v2) — figtree plus two slips on Stamford's Filled Sous Chef job (7),
    FIGTREE_SLIPS: a manager marked a hired applicant Hired there by mistake and set the status
    back to Withdrawn, and the hire stays listed (hires are recorded once per applicant and job
    and never removed). The applicants of plan hires 20 (Line Cook, 2026-04-21, never reached
    Keystone) and 24 (Line Cook, 2026-05-12, pending in figtree-hr) carry slips dated
    2026-04-16 13:30 and 2026-05-14 15:10 Eastern: 28 hires, ids in date order (the slips are
    20 and 27), Stamford lists four. Keystone's figtree-hr is the same for both datasets.
apotek (migrate-03-jobsmith-hireharbor-applicants) — Apotek Vale Pharmacies, account time zone
    America/Chicago. Two years of pharmacist applicants; dates are relative to the clock (the
    earliest ~730 days back, so both CST and CDT dates occur). Every application is its own
    applicant record, so one person appears 1–5 times (one job each, never twice on a job).
    Jobs 1–60 `Staff Pharmacist — <town>` with internal_code `AV-<100+id>` (HireHarbor's
    apotek-jobs holds every requisition but AV-117/133/142/158, i.e. jobs 17, 33, 42, 58);
    statuses: id % 5 in (0, 1) Filled, 2 Closed, 3 Open, 4 Open (On Hold when id % 10 == 4):
    Filled and Closed jobs are not in `/v1/jobs` without `?status=`. Jobs 61–62 `Pharmacy
    Technician (legacy)`, internal_code null, Closed (no HireHarbor match).
    People (`apotek_plan(rng)` returns every person's records): each
    record's e-mail is the person's address re-cased or padded with spaces at random; about
    8 % of the records carry no e-mail (empty string) and are matched by phone digits + last
    name (the phone is formatted differently on each record, same digits); planted:
    person 1–2 a married couple (same last name, same phone, different e-mails, two records
    each: two people); person 3 has two records, neither with an e-mail (one person); person 4
    a single record without e-mail. Statuses New / Interview / Hired / Rejected only, a person
    hired at most once; every Hired record has a hire at the job's city. 14 hidden spam
    records (`Test Applicant`, `hidden`) are scattered over the ids, so both pages of the plain
    list are short (the walk ends only at the empty page 3). Record ids follow the application
    time (people interleave).
"""
from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

from sqlalchemy import insert

from vendors.kit.names import person

from .models import Applicant, ApplicantJob, Hire, Job, Note

PACIFIC = ZoneInfo("America/Los_Angeles")
CUTOFF_EVE = list(range(11, 131, 10))            # 12 applicants, 2026-08-31 evening local
CUTOFF_MORNING = [14, 34, 54, 74, 94, 114, 134, 154]  # 2026-09-01 early local
WITHDRAWN = [5, 25, 45, 65, 85, 105, 125, 145, 165, 185]
TWO_JOBS = list(range(202, 232, 2))              # 15 applicants also on Harvest Crew Lead
LEAD_DAYS = [dt.date(2026, 8, 24) + dt.timedelta(days=d) for d in (0, 3, 5, 7, 8, 9)]  # 08-24 … 09-02
OFFERS = [3, 9, 15, 22, 30, 38, 44, 51, 60, 68, 77, 86, 95, 110]
TOWNS = ["Stroud", "Nailsworth", "Dursley", "Tetbury", "Cirencester", "Minchinhampton", "Painswick",
         "Wotton-under-Edge", "Berkeley", "Cam", "Frampton", "Whiteshill"]


def _local(day: dt.date, hour: int, minute: int, tz=PACIFIC) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).astimezone(dt.timezone.utc)


def harvest_300(s, c, rng: random.Random) -> None:
    c.extra["timezone"] = "America/Los_Angeles"
    opened = _local(dt.date(2026, 7, 20), 9, 0)
    jobs = [(1, "Harvest Picker - North Blocks", "HV-N"), (2, "Harvest Picker - South Blocks", "HV-S"),
            (3, "Harvest Crew Lead", "HV-L"), (4, "Forklift Operator", "HV-F")]
    s.execute(insert(Job), [{"id": j, "title": t, "internal_code": code, "city": "Healdsburg", "state": "CA",
                             "department": "Vineyard", "status": "Filled" if j == 3 else "Open", "created_at": opened,
                             "updated_at": opened} for j, t, code in jobs])
    apps, links = [], []
    for i in range(1, 302):
        p = person(rng, i)
        if i in CUTOFF_EVE:
            applied = _local(dt.date(2026, 8, 31), rng.randint(17, 23), rng.choice([0, 10, 20, 30]))
        elif i in CUTOFF_MORNING:
            applied = _local(dt.date(2026, 9, 1), rng.randint(0, 8), rng.choice([15, 30, 45]))
        elif i == 301:
            applied = _local(dt.date(2026, 8, 28), 10, 5)
        else:
            day = dt.date(2026, 8, 3) + dt.timedelta(days=rng.randint(0, 30))
            applied = _local(day, rng.randint(6, 22), rng.randint(0, 59))
        apps.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{i}@pickers.example".lower(),
                     "phone": p["phone"], "hidden": i <= 300 and i % 10 == 7, "applied_at": applied,
                     "created_at": applied, "updated_at": applied})
        if i == 301:
            links.append((i, 4, "Interview", applied))
            continue
        status = "Withdrawn" if i in WITHDRAWN else rng.choice(["New", "Screening", "Interview", "Hired", "Hired"])
        links.append((i, 1 if i % 2 else 2, status, applied))
        if i in TWO_JOBS:  # the crew-lead application comes later, on its own day (no extra draw)
            k = TWO_JOBS.index(i)
            lead = max(applied + dt.timedelta(minutes=7), _local(LEAD_DAYS[k % len(LEAD_DAYS)], 8 + k % 9, 40))
            links.append((i, 3, rng.choice(["New", "Screening"]), lead))
    s.execute(insert(Applicant), apps)
    s.execute(insert(ApplicantJob), [
        {"id": n, "applicant_id": a, "job_id": j, "status": st, "applied_at": at, "created_at": at,
         "updated_at": at} for n, (a, j, st, at) in enumerate(links, start=1)])


def nurseries(s, c, rng: random.Random) -> None:
    c.extra["timezone"] = "Europe/London"
    now = c.now()
    jobs = []
    for j, town in enumerate(TOWNS, start=1):
        created = (now - dt.timedelta(days=rng.randint(100, 300))).replace(microsecond=0)
        jobs.append({"id": j, "title": f"Nursery Practitioner - {town}", "internal_code": f"LA-NUR-{j:02d}",
                     "city": town, "state": "Gloucestershire", "department": "Early Years", "status": "Open",
                     "created_at": created, "updated_at": created})
    s.execute(insert(Job), jobs)
    # Offer applicants spread over jobs so that job 12 holds exactly one of them
    offer_jobs = {a: (k % 11) + 1 for k, a in enumerate(OFFERS)}
    offer_jobs[OFFERS[-1]] = 12
    apps, links, notes = [], [], []
    for i in range(1, 121):
        p = person(rng, i)
        applied = (now - dt.timedelta(seconds=rng.randint(5 * 86400, 90 * 86400))).replace(microsecond=0)
        apps.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{i}@applicants.example".lower(),
                     "phone": p["phone"], "hidden": False, "applied_at": applied,
                     "created_at": applied, "updated_at": applied})
        if i in offer_jobs:
            job_id, status = offer_jobs[i], "Offer"
            at = min(now, applied + dt.timedelta(days=3))
            notes.append({"id": len(notes) + 1, "applicant_id": i, "contents": "Offer made, pending checks.",
                          "author": "Nursery Manager", "created_at": at, "updated_at": at})
        else:
            job_id = rng.randint(1, 11)
            status = rng.choice(["New", "New", "Screening", "Interview", "Rejected", "Withdrawn"])
        links.append({"id": i, "applicant_id": i, "job_id": job_id, "status": status, "applied_at": applied,
                      "created_at": applied, "updated_at": applied})
    s.execute(insert(Applicant), apps)
    s.execute(insert(ApplicantJob), links)
    s.execute(insert(Note), notes)


# --- figtree (fix-10) ------------------------------------------------------------------------
EASTERN = ZoneInfo("America/New_York")
FIGTREE_JOBS = [  # id, title, city, department, status
    (1, "Line Cook", "Astoria", "Kitchen", "Open"), (2, "Server", "Astoria", "Floor", "Open"),
    (3, "Prep Cook", "Hoboken", "Kitchen", "Open"), (4, "Host", "Hoboken", "Floor", "On Hold"),
    (5, "Dishwasher", "Yonkers", "Kitchen", "Open"), (6, "Bartender", "Yonkers", "Floor", "Open"),
    (7, "Sous Chef", "Stamford", "Kitchen", "Filled"), (8, "Server", "New Rochelle", "Floor", "Open"),
    (9, "Busser", "Astoria", "Floor", "Closed"),
]
FIGTREE_STATES = {"Astoria": "NY", "Hoboken": "NJ", "Yonkers": "NY", "Stamford": "CT", "New Rochelle": "NY"}
# (job id, local hire date, local time, what Keystone's figtree-hr holds for the hire):
#   active_bug / pending_bug: created by the old job with its date (a day back, month first);
#   active_ok / pending_ok: created so, then corrected by HR by hand; skip422: the old job's date
#   was refused (day > 12); none: never reached (Stamford, New Rochelle).
FIGTREE_HIRES = [
    (1, "2026-03-03", "10:15", "active_bug"), (3, "2026-03-04", "09:30", "pending_bug"),
    (5, "2026-03-05", "11:00", "active_bug"), (2, "2026-03-07", "17:45", "pending_bug"),
    (3, "2026-03-10", "16:40", "active_bug"), (9, "2026-03-11", "12:20", "pending_bug"),
    (4, "2026-03-12", "10:05", "active_ok"), (7, "2026-03-18", "14:00", "none"),
    (5, "2026-03-27", "08:50", "skip422"), (3, "2026-04-02", "09:10", "pending_bug"),
    (1, "2026-04-05", "15:30", "pending_bug"), (7, "2026-04-06", "11:45", "none"),
    (2, "2026-04-07", "18:10", "active_bug"), (6, "2026-04-08", "19:00", "pending_ok"),
    (2, "2026-04-09", "12:00", "pending_bug"), (4, "2026-04-10", "10:40", "pending_bug"),
    (1, "2026-04-11", "09:00", "pending_bug"), (5, "2026-04-13", "13:15", "pending_bug"),
    (8, "2026-04-14", "16:20", "none"), (1, "2026-04-21", "10:30", "skip422"),
    (5, "2026-05-02", "08:00", "pending_bug"), (6, "2026-05-06", "20:15", "pending_bug"),
    (6, "2026-05-08", "22:40", "pending_bug"), (1, "2026-05-12", "11:30", "pending_bug"),
    (3, "2026-05-13", "09:45", "pending_bug"), (3, "2026-05-15", "10:00", "skip422"),
]
FIGTREE_OTHER = ["New", "Screening", "Interview", "Offer", "Rejected", "Withdrawn"]


def figtree_plan() -> dict:
    """Everything figtree (and keystone's figtree-hr) seed, fixed: a function of nothing, so the
    two vendors agree whatever seed they are given."""
    rng = random.Random("figtree-restaurants")
    hired_ids = sorted(rng.sample(range(1, 61), len(FIGTREE_HIRES)))
    rng.shuffle(hired_ids)
    people = {i: person(rng, i) for i in range(1, 61)}
    hires = []
    for n, ((job, day, hm, ks), aid) in enumerate(zip(FIGTREE_HIRES, hired_ids), start=1):
        h, m = map(int, hm.split(":"))
        d = dt.date.fromisoformat(day)
        at = dt.datetime(d.year, d.month, d.day, h, m, tzinfo=EASTERN).astimezone(dt.timezone.utc)
        hires.append({"id": n, "applicant_id": aid, "job_id": job, "hire_date": d, "hired_at": at, "keystone": ks})
    return {"people": people, "hires": hires}


# figtree-slips: two slips on Stamford's Filled Sous Chef job (7). (plan hire it belongs to,
# local date, local time): a manager clicked Hired on the wrong applicant and set the status
# back to Withdrawn; the hire Jobsmith recorded stays in /v1/hires.
FIGTREE_SLIPS = [(20, "2026-04-16", "13:30"), (24, "2026-05-14", "15:10")]


def figtree_slips(s, c, rng: random.Random) -> None:
    figtree(s, c, rng, FIGTREE_SLIPS)


def figtree(s, c, rng: random.Random, slips: list | tuple = ()) -> None:
    c.extra["timezone"] = "America/New_York"
    plan = figtree_plan()
    opened = dt.datetime(2026, 2, 2, 14, 0, tzinfo=dt.timezone.utc)
    jobs = {j[0]: j for j in FIGTREE_JOBS}
    s.execute(insert(Job), [{"id": j, "title": t, "internal_code": f"FG-{j:03d}", "city": city,
                             "state": FIGTREE_STATES[city], "department": dept, "status": st,
                             "created_at": opened, "updated_at": opened} for j, t, city, dept, st in FIGTREE_JOBS])
    hired = {h["applicant_id"]: h for h in plan["hires"]}
    apps, links = [], []
    open_jobs = [j for j, *_rest, st in FIGTREE_JOBS if st == "Open"]
    for i in range(1, 61):
        p = plan["people"][i]
        h = hired.get(i)
        if h:
            applied = h["hired_at"] - dt.timedelta(days=rng.randint(6, 20), hours=rng.randint(0, 8))
            job, status, updated = h["job_id"], "Hired", h["hired_at"]
        else:
            applied = dt.datetime(2026, 3, 1, 15, 0, tzinfo=dt.timezone.utc) + dt.timedelta(
                minutes=rng.randint(0, 70 * 24 * 60))
            job, status = rng.choice(open_jobs), FIGTREE_OTHER[i % len(FIGTREE_OTHER)]
            updated = applied + dt.timedelta(days=rng.randint(0, 5))
        apps.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{i}@figtree-jobs.example".lower(),
                     "phone": p["phone"], "hidden": False, "applied_at": applied, "created_at": applied,
                     "updated_at": updated})
        links.append({"id": i, "applicant_id": i, "job_id": job, "status": status, "applied_at": applied,
                      "created_at": applied, "updated_at": updated})
    rows = [{"applicant_id": h["applicant_id"], "job_id": h["job_id"], "hired_at": h["hired_at"]}
            for h in plan["hires"]]
    for n, (of, day, hm) in enumerate(slips):
        aid = plan["hires"][of - 1]["applicant_id"]
        d, (hh, mm) = dt.date.fromisoformat(day), map(int, hm.split(":"))
        at = dt.datetime(d.year, d.month, d.day, hh, mm, tzinfo=EASTERN).astimezone(dt.timezone.utc)
        rows.append({"applicant_id": aid, "job_id": 7, "hired_at": at})
        links.append({"id": 91 + n, "applicant_id": aid, "job_id": 7, "status": "Withdrawn", "applied_at": at,
                      "created_at": at, "updated_at": at + dt.timedelta(minutes=4)})
    rows.sort(key=lambda r: r["hired_at"])  # hire ids in date order, slips included
    s.execute(insert(Applicant), apps)
    s.execute(insert(ApplicantJob), links)
    s.execute(insert(Hire), [{"id": n, **r, "location": jobs[r["job_id"]][2], "created_at": r["hired_at"],
                              "updated_at": r["hired_at"]} for n, r in enumerate(rows, start=1)])


# --- apotek (migrate-03) ---------------------------------------------------------------------
CHICAGO = ZoneInfo("America/Chicago")
APOTEK_TOWNS = ["Peoria", "Joliet", "Rockford", "Aurora", "Naperville", "Elgin", "Waukegan", "Champaign",
                "Bloomington", "Decatur", "Evanston", "Skokie", "Oak Park", "Gary", "Hammond", "Kenosha",
                "Racine", "Dubuque", "Davenport", "Moline", "Galesburg", "Quincy", "Kankakee", "DeKalb"]
APOTEK_PERSONS = 80
APOTEK_HIDDEN = 14
APOTEK_STATUSES = ["New"] * 4 + ["Interview"] * 3 + ["Rejected"] * 3 + ["Hired"]
APOTEK_DOMAINS = ["mail.example", "rxmail.example", "pharmd.example", "post.example"]


def _apotek_phone(digits: str, style: int) -> str:
    a, b, c = digits[1:4], digits[4:7], digits[7:]
    return [f"+1-{a}-{b}-{c}", f"+1 ({a}) {b}-{c}", f"1.{a}.{b}.{c}", f"+1 {a} {b} {c}"][style % 4]


def _apotek_email(rng: random.Random, email: str) -> str:
    k = rng.randint(0, 5)
    if k == 1:
        return email.title()
    if k == 2:
        return email.upper()
    if k == 3:
        return f" {email}"
    if k == 4:
        return f"{email.capitalize()} "
    return email


def apotek_plan(rng: random.Random) -> dict:
    """Every person and record of `apotek`, as offsets from the clock: the first draws of the
    dataset's RNG (`random.Random("jobsmith:apotek:<seed>")`)."""
    people, records = [], []
    for p in range(1, APOTEK_PERSONS + 1):
        who = person(rng, p)
        first, last = who["first_name"], who["last_name"]
        if p == 2:  # the couple: person 1's last name and phone
            last = people[0]["last_name"]
        email = f"{first}.{last}.{p}@{rng.choice(APOTEK_DOMAINS)}".lower()
        digits = people[0]["digits"] if p == 2 else f"1{rng.randint(200, 989)}{rng.randint(200, 999)}{rng.randint(1000, 9999)}"
        n = 2 if p in (1, 2, 3) else 1 if p == 4 else rng.choice([1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5])
        people.append({"person": p, "first_name": first, "last_name": last, "email": email, "digits": digits})
        jobs = rng.sample(range(1, 63), n)
        hired = False
        for k, job in enumerate(jobs):
            status = rng.choice(APOTEK_STATUSES)
            if status == "Hired" and hired:
                status = "Rejected"
            hired = hired or status == "Hired"
            if p in (3, 4):
                mail = ""
            elif p in (1, 2):
                mail = _apotek_email(rng, email)
            else:
                mail = "" if rng.random() < 0.09 else _apotek_email(rng, email)
            days = rng.randint(3, 725)
            records.append({"person": p, "first_name": first, "last_name": last, "email": mail,
                            "phone": _apotek_phone(digits, rng.randint(0, 3)), "job_id": job, "status": status,
                            "days_ago": days, "local_time": (rng.randint(7, 23), rng.choice([0, 10, 25, 40, 55]))})
    for h in range(APOTEK_HIDDEN):
        records.append({"person": None, "first_name": "Test", "last_name": "Applicant",
                        "email": f"test{h + 1}@spam.example", "phone": None, "job_id": rng.randint(1, 60),
                        "status": "New", "days_ago": rng.randint(3, 725), "local_time": (3, 0)})
    return {"people": people, "records": records}


def apotek(s, c, rng: random.Random) -> None:
    c.extra["timezone"] = "America/Chicago"
    now = c.now()
    today = now.astimezone(CHICAGO).date()
    opened = (now - dt.timedelta(days=760)).replace(microsecond=0)
    jobs = []
    for j in range(1, 63):
        legacy = j > 60
        status = "Closed" if legacy else {0: "Filled", 1: "Filled", 2: "Closed", 3: "Open", 4: "Open"}[j % 5]
        if j % 10 == 4:
            status = "On Hold"
        town = APOTEK_TOWNS[(j - 1) % len(APOTEK_TOWNS)]
        jobs.append({"id": j, "title": "Pharmacy Technician (legacy)" if legacy else f"Staff Pharmacist — {town}",
                     "internal_code": None if legacy else f"AV-{100 + j}", "city": town, "state": "IL",
                     "department": "Pharmacy", "status": status, "created_at": opened, "updated_at": opened})
    s.execute(insert(Job), jobs)
    plan = apotek_plan(rng)
    timed = []
    for r in plan["records"]:
        day = today - dt.timedelta(days=r["days_ago"])
        h, m = r["local_time"]
        at = dt.datetime(day.year, day.month, day.day, h, m, tzinfo=CHICAGO).astimezone(dt.timezone.utc)
        timed.append((at, r))
    timed.sort(key=lambda t: (t[0], t[1]["person"] or 0, t[1]["job_id"]))
    apps, links, hires = [], [], []
    for i, (at, r) in enumerate(timed, start=1):
        updated = min(now, at + dt.timedelta(days=rng.randint(0, 30)))
        apps.append({"id": i, "first_name": r["first_name"], "last_name": r["last_name"], "email": r["email"],
                     "phone": r["phone"], "hidden": r["person"] is None, "applied_at": at, "created_at": at,
                     "updated_at": updated})
        links.append({"id": i, "applicant_id": i, "job_id": r["job_id"], "status": r["status"], "applied_at": at,
                      "created_at": at, "updated_at": updated})
        if r["status"] == "Hired":
            hires.append({"id": len(hires) + 1, "applicant_id": i, "job_id": r["job_id"],
                          "location": jobs[r["job_id"] - 1]["city"], "hired_at": updated, "created_at": updated,
                          "updated_at": updated})
    s.execute(insert(Applicant), apps)
    s.execute(insert(ApplicantJob), links)
    if hires:
        s.execute(insert(Hire), hires)


DATASETS = {"harvest-300": harvest_300, "nurseries": nurseries, "figtree": figtree, "figtree-slips": figtree_slips,
            "apotek": apotek}
