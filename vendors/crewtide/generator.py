"""The shared generator of Crewtide's datasets (seed.py lists them): `generic` builds the
users, jobs, stages, candidates and applications every dataset has, from one seeded
`random.Random`; the task datasets (seed_tasks.py) call it with their own knobs and plant on top."""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert

from vendors.kit.names import JOB_TITLES, person

from .models import (Candidate, CustomField, CustomFieldValue, Job, JobApplication, Onboarding, OnboardingTask,
                     Stage, User)

STAGES = [("Inbox", "inbox"), ("Phone Screen", "in_process"), ("Interview", "in_process"),
          ("Offer", "offer"), ("Hired", "hired")]
TAGS = ["summer", "winter", "returning", "referral", "student"]
DEPARTMENTS = ["Lifts", "Ski School", "Hospitality", "Operations", "Rescue"]
LOCATIONS = ["Cairnpeak", "Sunfold", "Alder", "Saltmarsh"]
TASKS = [("contract", "Sign the contract"), ("id-check", "Right-to-work check"),
         ("uniform", "Collect uniform"), ("induction", "Attend induction day")]
SCREENING = ["pending", "clear", "consider"]


def ago(now: dt.datetime, rng: random.Random, lo_days: float, hi_days: float) -> dt.datetime:
    return (now - dt.timedelta(seconds=int(rng.uniform(lo_days, hi_days) * 86400))).replace(microsecond=0)


def generic(s, rng: random.Random, now: dt.datetime, n_cand: int, n_jobs: int, titles: list[str] | None = None,
             stages: list[tuple[str, str]] | None = None, tags: list[str] | None = None,
             general_p: float = 0.1, outcome: tuple[float, float] = (0.7, 0.9), email_domain: str | None = None,
             created_days: tuple[float, float] = (200, 400), screening_for_hires: bool = False) -> dict:
    """The shared generator; task datasets vary its knobs. Returns the rows it inserted."""
    titles, stages, tags = titles or JOB_TITLES, stages or STAGES, TAGS if tags is None else tags
    n_st = len(stages)
    t0 = ago(now, rng, 500, 600)
    s.execute(insert(User), [
        {"id": 1, "name": "Crew Admin", "email": "admin@crewtide.example", "role": "admin",
         "created_at": t0, "updated_at": t0},
        {"id": 2, "name": "Integration", "email": "integrations@crewtide.example", "role": "integration",
         "created_at": t0, "updated_at": t0}])
    s.execute(insert(CustomField), [
        {"id": 1, "api_name": "screening-status", "name": "Screening status", "field_type": "select"},
        {"id": 2, "api_name": "shirt-size", "name": "Shirt size", "field_type": "text"}])
    jobs, stage_rows = [], []
    for j in range(1, n_jobs + 1):
        created = ago(now, rng, 200, 500)
        status = "archived" if j % 7 == 0 else "unlisted" if j == 3 else "open"
        jobs.append({"id": j, "title": titles[(j - 1) % len(titles)], "status": status,
                     "department": rng.choice(DEPARTMENTS), "location": rng.choice(LOCATIONS),
                     "external_id": f"REQ-{1000 + j}", "created_at": created, "updated_at": created})
        for k, (name, typ) in enumerate(stages):
            stage_rows.append({"id": n_st * (j - 1) + k + 1, "job_id": j, "name": name, "stage_type": typ,
                           "row_order": k + 1, "created_at": created, "updated_at": created})
    if jobs:  # a dataset may bring its own jobs (saltmarsh-pilot: n_jobs 0)
        s.execute(insert(Job), jobs)
        s.execute(insert(Stage), stage_rows)
    out = {"jobs": jobs, "stages": stage_rows, "candidates": [], "apps": [], "onboardings": [], "tasks": []}
    if not n_cand:
        return out
    cands, values, apps, onbs, tasks = [], [], [], [], []
    for i in range(1, n_cand + 1):
        p = person(rng, i)
        created = ago(now, rng, *created_days)
        updated = max(created, ago(now, rng, 1, 199))
        if email_domain:
            p["email"] = f"{p['first_name']}.{p['last_name']}.{i}@{email_domain}".lower()
        cands.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"], "email": p["email"],
                      "phone": p["phone"], "external_id": f"ATS-{10000 + i}" if i % 2 == 0 else None,
                      "tags": sorted(rng.sample(tags, min(len(tags), rng.randint(0, 2)))), "sourced": rng.random() < 0.2,
                      "created_at": created, "updated_at": updated})
        if i % 3 == 0:
            values.append({"id": len(values) + 1, "custom_field_id": 1, "candidate_id": i,
                           "value": rng.choice(SCREENING), "created_at": created, "updated_at": updated})
        for job_id in rng.sample(range(1, n_jobs + 1), rng.randint(1, 2)):
            aid = len(apps) + 1
            a_created = ago(now, rng, 100, 199)
            a = {"id": aid, "candidate_id": i, "job_id": job_id, "stage_id": None, "status": "active",
                 "sourced": False, "note": None, "rejection_reason": None, "hired_at": None, "rejected_at": None,
                 "created_at": a_created, "updated_at": ago(now, rng, 1, 99)}
            if rng.random() < general_p:
                a["job_id"] = None
            else:
                base = n_st * (job_id - 1)
                r = rng.random()
                if r < outcome[0]:
                    a["stage_id"] = base + rng.randint(1, n_st - 1)
                elif r < outcome[1]:
                    a.update(status="rejected", stage_id=base + rng.randint(1, n_st - 1), rejected_at=a["updated_at"])
                else:
                    a.update(status="hired", stage_id=base + n_st, hired_at=a["updated_at"])
                    if screening_for_hires and not any(v["candidate_id"] == i for v in values[-2:]):
                        values.append({"id": len(values) + 1, "custom_field_id": 1, "candidate_id": i,
                                       "value": "pending", "created_at": a["updated_at"],
                                       "updated_at": a["updated_at"]})
                    oid = len(onbs) + 1
                    onbs.append({"id": oid, "candidate_id": i, "job_id": job_id, "status": "active",
                                 "start_date": (now + dt.timedelta(days=rng.randint(0, 30))).date(),
                                 "created_at": a["updated_at"], "updated_at": a["updated_at"]})
                    for k, (code, title) in enumerate(TASKS):
                        done = ago(now, rng, 1, 10) if rng.random() < 0.4 else None
                        tasks.append({"id": len(tasks) + 1, "onboarding_id": oid, "code": code, "title": title,
                                      "row_order": k + 1, "done_at": done, "created_at": a["updated_at"],
                                      "updated_at": done or a["updated_at"]})
            apps.append(a)
    s.execute(insert(Candidate), cands)
    if values:
        s.execute(insert(CustomFieldValue), values)
    s.execute(insert(JobApplication), apps)
    if onbs:
        s.execute(insert(Onboarding), onbs)
        s.execute(insert(OnboardingTask), tasks)
    out.update(candidates=cands, apps=apps, onboardings=onbs, tasks=tasks)
    return out
