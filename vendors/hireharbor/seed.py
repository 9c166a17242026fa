"""HireHarbor datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("hireharbor:<dataset>:<seed>")`
drives every draw; integer ids are assigned in insertion order from 1; timestamps are offsets
back from the clock. Rows are bulk-inserted (the `large` dataset seeds in well under 3 s).
No activity rows are seeded: `activity` holds only what happens after the reset.

Datasets and their planted records:

small (50 candidates) / large (5,000 candidates)
    12 users / 40 users: user 1 is the admin `admin@hireharbor.example`, user 2 the
    integration user `integrations@hireharbor.example` (role `integration`), the last user is
    disabled; the rest are recruiters, coordinators and hiring managers.
    Custom fields: candidate `linkedin_url`; application `bg_provider`, `bg_status`,
    `bg_completed_on`; job `requisition_id` (`REQ-<1000+job id>`).
    8 jobs / 40 jobs (every 8th job `closed`), each with the six stages Application Review,
    Recruiter Screen, Committee Review, Face to Face, Campus Visit, Offer (stage names repeat
    across jobs; stage ids do not).
    Candidates: 1–2 e-mails (lower case `first.last.N@…`), a phone, ≈ 1 in 10 with a
    non-ASCII name (Zoë Ångström, José Núñez, Søren Kierkegård, Chloé Lefèvre, Jürgen Müller,
    Łucja Wróbel, Björk Guðmundsdóttir, Ana María Peña). Every candidate has 1–2 applications
    on distinct jobs: ≈ 70 % active at a random stage, 20 % rejected, 10 % hired.
    Merges: the last two candidates of the dataset were merged into candidates 1 and 2
    (`merged_into`; their applications were moved to the winner at the merge, so they own
    none; their e-mails were added to the winner's list).
    `updated_at` of candidates and applications lies 1–400 days before the clock.
empty: the users, custom fields, jobs and stages of `small`; no candidates.

Task datasets (see the functions' docstrings below for exact plantings):
  calder-1 (build-04), film-crew (fix-04), skyguard (migrate-09), helix (migrate-10),
  coop (harden-03), apotek-jobs (migrate-03).
"""
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
SIZES = {"small": (50, 8, 12), "large": (5000, 40, 40), "empty": (0, 8, 12)}


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"hireharbor:{dataset}:{seed_value}")
    if dataset in SIZES:
        n_cand, n_jobs, n_users = SIZES[dataset]
        _generic(s, rng, c.now(), n_cand, n_jobs, n_users)
        return
    from . import seed_tasks

    seed_tasks.DATASETS[dataset](s, rng, c.now(), seed_value)


def _ago(now: dt.datetime, rng: random.Random, lo_days: float, hi_days: float) -> dt.datetime:
    return (now - dt.timedelta(seconds=int(rng.uniform(lo_days, hi_days) * 86400))).replace(microsecond=0)


def _generic(s, rng: random.Random, now: dt.datetime, n_cand: int, n_jobs: int, n_users: int) -> None:
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
        u["created_at"] = u["updated_at"] = _ago(now, rng, 400, 800)
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
        created = _ago(now, rng, 200, 500)
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
        created = _ago(now, rng, 30, 400)
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
        merged_at = _ago(now, rng, 1, 20)
        lc["updated_at"] = wc["updated_at"] = max(merged_at, wc["created_at"], lc["created_at"])
        for a in apps:
            if a["candidate_id"] == loser:
                a["candidate_id"] = winner
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)
