"""The shared generator of HireHarbor's datasets (seed.py lists them): `generic` builds the
users, jobs, stages, candidates and applications every dataset has, from one seeded
`random.Random`; the task datasets (seed_tasks.py) call it with their own knobs and plant on top."""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert

from vendors.kit.names import JOB_TITLES, person

from .models import Application, Candidate, CustomField, Job, Stage, User

STAGE_NAMES = ["Application Review", "Recruiter Screen", "Committee Review", "Face to Face", "Campus Visit", "Offer"]
DEPARTMENTS = ["Nursing", "Engineering", "Operations", "Finance", "Research", "Facilities"]
OFFICES = ["Leeds", "Austin", "Porto", "Halifax", "Ghent", "Tulsa"]
NON_ASCII = [("Zoë", "Ångström"), ("José", "Núñez"), ("Søren", "Kierkegård"), ("Chloé", "Lefèvre"),
             ("Jürgen", "Müller"), ("Łucja", "Wróbel"), ("Björk", "Guðmundsdóttir"), ("Ana María", "Peña")]
ROLES = ["recruiter", "coordinator", "hiring_manager"]
REJECTIONS = ["Lacking skill(s)/qualification(s)", "Other", "Withdrew", "Hired elsewhere"]


def ago(now: dt.datetime, rng: random.Random, lo_days: float, hi_days: float) -> dt.datetime:
    return (now - dt.timedelta(seconds=int(rng.uniform(lo_days, hi_days) * 86400))).replace(microsecond=0)


def generic(s, rng: random.Random, now: dt.datetime, n_cand: int, n_jobs: int, n_users: int) -> None:
    users = [{"id": 1, "first_name": "Harbor", "last_name": "Admin", "email": "admin@hireharbor.example",
              "role": "admin"},
             {"id": 2, "first_name": "Integration", "last_name": "User",
              "email": "integrations@hireharbor.example", "role": "integration"}]
    for i in range(3, n_users + 1):
        p = person(rng, i)
        users.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                      "email": f"{p['first_name']}.{p['last_name']}.{i}@hireharbor.example".lower(),
                      "role": rng.choice(ROLES)})
    for u in users:
        u["disabled"] = u["id"] == n_users
        u["created_at"] = u["updated_at"] = ago(now, rng, 400, 800)
    s.execute(insert(User), users)

    s.execute(insert(CustomField), [
        {"id": 1, "object_type": "candidate", "key": "linkedin_url", "name": "LinkedIn URL", "field_type": "short_text"},
        {"id": 2, "object_type": "application", "key": "bg_provider", "name": "Background check provider", "field_type": "short_text"},
        {"id": 3, "object_type": "application", "key": "bg_status", "name": "Background check status", "field_type": "short_text"},
        {"id": 4, "object_type": "application", "key": "bg_completed_on", "name": "Background check completed on", "field_type": "short_text"},
        {"id": 5, "object_type": "job", "key": "requisition_id", "name": "Requisition ID", "field_type": "short_text"},
    ])

    jobs, stages, stage_ids = [], [], {}
    for j in range(1, n_jobs + 1):
        created = ago(now, rng, 200, 500)
        jobs.append({"id": j, "name": rng.choice(JOB_TITLES), "status": "closed" if j % 8 == 0 else "open",
                     "department": rng.choice(DEPARTMENTS), "office": rng.choice(OFFICES),
                     "custom_fields": {"requisition_id": f"REQ-{1000 + j}"}, "created_at": created, "updated_at": created})
        stage_ids[j] = []
        for pr, name in enumerate(STAGE_NAMES):
            sid = len(stages) + 1
            stages.append({"id": sid, "job_id": j, "name": name, "priority": pr})
            stage_ids[j].append(sid)
    s.execute(insert(Job), jobs)
    s.execute(insert(Stage), stages)
    if n_cand == 0:
        return

    cands, apps = [], []
    for i in range(1, n_cand + 1):
        p = person(rng, i)
        first, last = p["first_name"], p["last_name"]
        if rng.random() < 0.1:
            first, last = rng.choice(NON_ASCII)
        emails = [p["email"]]
        if rng.random() < 0.3:
            emails.append(f"{p['first_name']}{i}@personal.example".lower())
        created = ago(now, rng, 30, 400)
        cands.append({"id": i, "first_name": first, "last_name": last, "company": None, "title": None,
                      "emails": emails, "phone_numbers": [p["phone"]], "custom_fields": {},
                      "merged_into": None, "created_at": created, "updated_at": created})
        for job_id in rng.sample(range(1, n_jobs + 1), k=min(n_jobs, rng.choice([1, 1, 2]))):
            applied = created + dt.timedelta(hours=rng.randint(0, 48))
            roll = rng.random()
            status = "active" if roll < 0.7 else ("rejected" if roll < 0.9 else "hired")
            stage = stage_ids[job_id][-1] if status == "hired" else rng.choice(stage_ids[job_id][:5])
            updated = min(now, applied + dt.timedelta(days=rng.randint(0, 29)))
            apps.append({"id": len(apps) + 1, "candidate_id": i, "job_id": job_id, "current_stage_id": stage,
                         "status": status, "source": rng.choice(["Referral", "Careers page", "LinkedIn", None]),
                         "rejection_reason": rng.choice(REJECTIONS) if status == "rejected" else None,
                         "custom_fields": {}, "applied_at": applied,
                         "rejected_at": updated if status == "rejected" else None,
                         "hired_at": updated if status == "hired" else None,
                         "created_at": applied, "updated_at": updated})
    # planted merges: the last two candidates were merged into candidates 1 and 2
    for loser, winner in ((n_cand, 1), (n_cand - 1, 2)):
        lc, wc = cands[loser - 1], cands[winner - 1]
        lc["merged_into"] = winner
        wc["emails"] = wc["emails"] + [e for e in lc["emails"] if e not in wc["emails"]]
        merged_at = ago(now, rng, 1, 20)
        lc["updated_at"] = wc["updated_at"] = max(merged_at, wc["created_at"], lc["created_at"])
        for a in apps:
            if a["candidate_id"] == loser:
                a["candidate_id"] = winner
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)
