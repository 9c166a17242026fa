"""Crewtide's task datasets, each the shared generator (`seed.generic`) with the task's knobs
plus its plantings. Same (dataset, seed) → same rows; all times relative to the frozen clock.

resort-250 (build-12)
    Cairnpeak Resorts: 250 candidates, 16 jobs (lift operators, ski and snowboard instructors,
    patrollers; departments Lifts / Ski School / Rescue), stages Inbox, Phone Screen,
    Interview, Offer (type `offer`), Hired (type `hired`). ≈ 8 % general applications (job and
    stage null); ≈ 20 % of job applications hired. Candidate 12 and job 12 both exist. The two
    Ski Patroller jobs (4 and 12) name their own pipeline: their offer stage is "Contract
    Offered" and their hired stage "Signed On" (`RESORT_RENAMED_STAGES`; stage types unchanged).
    Withdrawals (`RESORT_WITHDRAWN`): six applications at an offer stage (two in the Ski Patroller
    jobs) and two earlier in the pipeline have status `withdrawn`, a status the docs do not list.
    Hired in the pipeline (`RESORT_HIRED_IN_PIPELINE`): five applications were marked hired by
    status (hired-at set) without being moved, so they sit at a Phone Screen or Interview stage.
paws (fix-12)
    Pawsworth Veterinary Group: 60 candidates, 8 vet-nurse jobs; ≈ 25 % of job applications
    hired; every hired candidate has a `screening-status` custom-field value (`pending`, or the
    random value every 3rd candidate already had).
sunfold-1200 (harden-10)
    Sunfold Festival: 1,200 candidates created over the last six weeks; every candidate whose
    id is not a multiple of 10 is tagged `volunteer-2026` (the rest carry ordinary tags);
    12 volunteer roles; no general applications. Returning crew (`SUNFOLD_RETURNING`, every
    37th id): last season's candidates (created 300–400 days ago) who signed up again this
    season, so they carry `returning` and `volunteer-2026` and were updated within the six
    weeks — the sign-up adds the tag to an old record. Withdrawals (`SUNFOLD_WITHDRAWN`): five
    volunteers who pulled out; the festival team replaced their `volunteer-2026` tag with
    `withdrawn-2026`.
saltmarsh-jobs (migrate-04)
    Saltmarsh Ground Services: 12 jobs (job 3 unlisted, job 7 archived, the rest open) at four airports (external ids `REQ-<1000+id>`),
    each with its own six stages Inbox, In review, Phone Screen, Interview, Offer, Hired (the
    same name has a different id per job); no candidates.
alder (migrate-08)
    Alder County Schools: 80 candidates, 10 teaching jobs, ≈ 60 % of job applications hired,
    each hire with an onboarding (start date 0–30 days ahead) and four tasks with codes
    `contract`, `id-check`, `uniform`, `induction`; the first three onboardings get a fifth,
    hand-added task with code null ("Meet your mentor"); onboarding 4 is `completed` (all
    tasks done), onboarding 5 `cancelled`; the `done-at` of every 5th done task is at 02:30 UTC
    (the previous day in New York).
"""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert, update

from .models import Candidate, JobApplication, Onboarding, OnboardingTask, Stage
from .generator import STAGES, generic

RESORT_JOBS = ["Lift Operator", "Ski Instructor", "Snowboard Instructor", "Ski Patroller", "Lift Mechanic",
               "Rental Technician", "Snowmaker", "Kids Club Instructor"]
PAWS_JOBS = ["Registered Vet Nurse", "Student Vet Nurse", "Veterinary Care Assistant", "Locum Vet Nurse"]
SUNFOLD_JOBS = ["Stage Crew Volunteer", "Steward Volunteer", "Bar Volunteer", "Recycling Volunteer",
                "Info Point Volunteer", "Camp Host Volunteer"]
SALTMARSH_JOBS = ["Ramp Agent", "Baggage Handler", "Check-in Agent", "Aircraft Dispatcher", "De-icing Operator",
                  "Ground Power Technician"]
SALTMARSH_STAGES = [("Inbox", "inbox"), ("In review", "in_process"), ("Phone Screen", "in_process"),
                    ("Interview", "in_process"), ("Offer", "offer"), ("Hired", "hired")]
TEACHER_JOBS = ["Elementary Teacher", "Math Teacher", "Science Teacher", "Special Education Teacher",
                "Music Teacher"]


RESORT_RENAMED_STAGES = {4: {"offer": "Contract Offered", "hired": "Signed On"},
                         12: {"offer": "Contract Offered", "hired": "Signed On"}}
RESORT_WITHDRAWN = [28, 45, 100, 152, 197, 229, 296, 343]
RESORT_HIRED_IN_PIPELINE = [34, 122, 170, 314, 333]


def resort_250(s, rng: random.Random, now: dt.datetime) -> None:
    generic(s, rng, now, 250, 16, titles=RESORT_JOBS, tags=["winter", "returning", "referral", "student"],
             general_p=0.08, outcome=(0.6, 0.8), email_domain="mail.example")
    for job_id, names in RESORT_RENAMED_STAGES.items():
        for stage_type, name in names.items():
            s.execute(update(Stage).where(Stage.job_id == job_id, Stage.stage_type == stage_type).values(name=name))
    s.execute(update(JobApplication).where(JobApplication.id.in_(RESORT_WITHDRAWN))
              .values(status="withdrawn"))
    s.execute(update(JobApplication).where(JobApplication.id.in_(RESORT_HIRED_IN_PIPELINE))
              .values(status="hired", hired_at=JobApplication.updated_at))


def paws(s, rng: random.Random, now: dt.datetime) -> None:
    generic(s, rng, now, 60, 8, titles=PAWS_JOBS, general_p=0.0, outcome=(0.6, 0.75), screening_for_hires=True)


SUNFOLD_RETURNING = [i for i in range(37, 1201, 37) if i % 10]
SUNFOLD_WITHDRAWN = [7, 333, 581, 902, 1117]


def sunfold_1200(s, rng: random.Random, now: dt.datetime) -> None:
    generic(s, rng, now, 1200, 12, titles=SUNFOLD_JOBS, tags=["summer", "returning", "student"], general_p=0.0,
             created_days=(1, 42))
    s.execute(update(Candidate).where(Candidate.id % 10 != 0).values(tags=["volunteer-2026"]))
    for cid in SUNFOLD_RETURNING:
        created = now - dt.timedelta(seconds=int(rng.uniform(300, 400) * 86400))
        signed_up = now - dt.timedelta(seconds=int(rng.uniform(1, 42) * 86400))
        s.execute(update(Candidate).where(Candidate.id == cid).values(
            tags=["returning", "volunteer-2026"], created_at=created, updated_at=signed_up))
    s.execute(update(Candidate).where(Candidate.id.in_(SUNFOLD_WITHDRAWN)).values(tags=["withdrawn-2026"]))


def saltmarsh_jobs(s, rng: random.Random, now: dt.datetime) -> None:
    rows = generic(s, rng, now, 0, 12, titles=SALTMARSH_JOBS, stages=SALTMARSH_STAGES)
    assert not rows["candidates"]


def alder(s, rng: random.Random, now: dt.datetime) -> None:
    rows = generic(s, rng, now, 80, 10, titles=TEACHER_JOBS, general_p=0.0, outcome=(0.3, 0.4), stages=STAGES)
    onbs, tasks = rows["onboardings"], rows["tasks"]
    extra = []
    for o in onbs[:3]:
        extra.append({"id": len(tasks) + len(extra) + 1, "onboarding_id": o["id"], "code": None,
                      "title": "Meet your mentor", "row_order": 5, "done_at": None,
                      "created_at": o["created_at"], "updated_at": o["created_at"]})
    if extra:
        s.execute(insert(OnboardingTask), extra)
    if len(onbs) >= 5:
        s.execute(update(Onboarding).where(Onboarding.id == 4).values(status="completed"))
        s.execute(update(OnboardingTask).where(OnboardingTask.onboarding_id == 4, OnboardingTask.done_at.is_(None))
                  .values(done_at=now - dt.timedelta(days=2)))
        s.execute(update(Onboarding).where(Onboarding.id == 5).values(status="cancelled"))
    done = [t for t in tasks if t["done_at"] is not None and t["onboarding_id"] != 4]
    for t in done[::5]:
        d = t["done_at"]
        s.execute(update(OnboardingTask).where(OnboardingTask.id == t["id"])
                  .values(done_at=d.replace(hour=2, minute=30, second=0)))


DATASETS = {"resort-250": resort_250, "paws": paws, "sunfold-1200": sunfold_1200, "saltmarsh-jobs": saltmarsh_jobs,
            "alder": alder}
