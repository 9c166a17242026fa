"""Jobsmith datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees. One `random.Random("jobsmith:<dataset>:<seed>")` drives every draw; ids are
assigned in insertion order from 1; instants are offsets back from the clock. The account time
zone is America/New_York (`/_control/config {"settings": {"timezone": ...}}` changes it).

small (50 applicants) / large (5,000 applicants)
    6 jobs / 40 jobs: `internal_code` `JS-<100+id>` (every 5th job has none), city from the
    names list, every 8th job `Closed`. Planted on the last two jobs (small: jobs 5 and 6;
    large: 39 and 40): the second-to-last job has EXACTLY ONE applicant (lists filtered by it
    come back as an object) and the last job EXACTLY TWO (a list).
    Applicants: every 9th applicant (ids 9, 18, ...) is `hidden` — stored, paged, then dropped
    from list pages, so in `large` every page is short (≈ 89 of 100) and the walk ends only at
    the empty page 51. Each applicant applies to one job (the planted jobs excluded) with a
    status drawn from New/Screening/Interview/Offer/Hired/Rejected/Withdrawn; every `Hired`
    application has a hire at its job's city. Applicant 1 applied at 02:30 UTC on a day
    (still the previous local date in New York); applicant 2 at 12:00 UTC.
    Each applicant has 0–2 notes.
empty: the jobs of `small`; no applicants.

Task datasets (planted records in seed_tasks.py's docstring): harvest-300 (build-10),
nurseries (build-13), figtree (fix-10), figtree-slips (fix-10 v2), apotek (migrate-03).
"""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert

from vendors.kit.names import CITIES, JOB_TITLES, person

from .models import Applicant, ApplicantJob, Hire, Job, Note

SIZES = {"small": (50, 6), "large": (5000, 40), "empty": (0, 6)}
DEPARTMENTS = ["Operations", "Care", "Kitchen", "Field", "Office"]
STATES = ["NY", "NJ", "PA", "CT", "MA"]
WEIGHTED = ["New"] * 3 + ["Screening"] * 2 + ["Interview"] * 2 + ["Offer", "Hired", "Rejected", "Withdrawn"]
NOTES = ["Left a voicemail.", "Strong phone screen.", "Asked about weekend shifts.", "References requested."]


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"jobsmith:{dataset}:{seed_value}")
    if dataset not in SIZES:
        from . import seed_tasks

        seed_tasks.DATASETS[dataset](s, c, rng)
        return
    n_app, n_jobs = SIZES[dataset]
    _generic(s, rng, c.now(), n_app, n_jobs)


def _ago(now: dt.datetime, rng: random.Random, lo_days: float, hi_days: float) -> dt.datetime:
    return (now - dt.timedelta(seconds=int(rng.uniform(lo_days, hi_days) * 86400))).replace(microsecond=0)


def _generic(s, rng: random.Random, now: dt.datetime, n_app: int, n_jobs: int) -> None:
    cities = CITIES.split() if isinstance(CITIES, str) else list(CITIES)
    jobs = []
    for j in range(1, n_jobs + 1):
        created = _ago(now, rng, 200, 500)
        jobs.append({"id": j, "title": rng.choice(JOB_TITLES), "internal_code": None if j % 5 == 0 else f"JS-{100 + j}",
                     "city": rng.choice(cities), "state": rng.choice(STATES), "department": rng.choice(DEPARTMENTS),
                     "status": "Closed" if j % 8 == 0 else "Open", "created_at": created, "updated_at": created})
    s.execute(insert(Job), jobs)
    if n_app == 0:
        return
    one_job, two_job = n_jobs - 1, n_jobs
    planted = {3: one_job, 4: two_job, 5: two_job}  # applicant id -> planted job
    apps, links, hires, notes = [], [], [], []
    day0 = (now - dt.timedelta(days=10)).replace(hour=0, minute=0, second=0, microsecond=0)
    for i in range(1, n_app + 1):
        p = person(rng, i)
        if i == 1:
            applied = day0 + dt.timedelta(hours=2, minutes=30)
        elif i == 2:
            applied = day0 + dt.timedelta(hours=12)
        else:
            applied = _ago(now, rng, 1, 300)
        apps.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{i}@applicants.example".lower(),
                     "phone": p["phone"], "hidden": i % 9 == 0, "applied_at": applied,
                     "created_at": applied, "updated_at": applied})
        job_id = planted.get(i) or rng.randint(1, max(1, n_jobs - 2))
        status = rng.choice(WEIGHTED)
        updated = min(now, applied + dt.timedelta(days=rng.randint(0, 20)))
        links.append({"id": i, "applicant_id": i, "job_id": job_id, "status": status, "applied_at": applied,
                      "created_at": applied, "updated_at": updated})
        if status == "Hired":
            hires.append({"id": len(hires) + 1, "applicant_id": i, "job_id": job_id,
                          "location": jobs[job_id - 1]["city"], "hired_at": updated,
                          "created_at": updated, "updated_at": updated})
        for _ in range(rng.choice([0, 0, 1, 2])):
            at = min(now, applied + dt.timedelta(hours=rng.randint(1, 400)))
            notes.append({"id": len(notes) + 1, "applicant_id": i, "contents": rng.choice(NOTES),
                          "author": "Recruiter", "created_at": at, "updated_at": at})
    s.execute(insert(Applicant), apps)
    s.execute(insert(ApplicantJob), links)
    if hires:
        s.execute(insert(Hire), hires)
    if notes:
        s.execute(insert(Note), notes)
