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
saltmarsh-jobs (the spec's fresh account, unused: migrate-04 runs on saltmarsh-pilot)
    Saltmarsh Ground Services: 12 jobs (job 3 unlisted, job 7 archived, the rest open) at four airports (external ids `REQ-<1000+id>`),
    each with its own six stages Inbox, In review, Phone Screen, Interview, Offer, Hired (the
    same name has a different id per job); no candidates.
saltmarsh-pilot (migrate-04; `saltmarsh_pilot`, the rows in `saltmarsh_pilot_plan`)
    Saltmarsh Ground Services after IT's spring trial: 12 jobs (`SALTMARSH_PILOT_JOBS`,
    external ids `SGS-<airport>-<nn>`; the last two archived: last winter's), each with its own
    pipeline Inbox, In review, Phone Screen, Interview, Offer, Hired, except the Ramp Agent jobs
    (an extra "Airside Pass Check" after Interview) and the Check-in Agent jobs (no Phone Screen), so
    stage ids do not follow one pattern. Candidates from the trial, for contacts of Pipelane's
    saltmarsh-90 (same seed) with an opportunity in migrate-04's scope: 5 created by the trial
    script (external id `PL:<contact UUID in capitals>`, no e-mail, one application at Inbox on the
    job its posting maps to, no note), 3 keyed by hand (no external id; the e-mail lower case); plus 2
    walk-in candidates of Crewtide's own (external id null).
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

from .models import Candidate, Job, JobApplication, Onboarding, OnboardingTask, Stage
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


# posting text (Pipelane saltmarsh-90) -> Crewtide job external id: migrate-04's materials/posting_map.csv
SALTMARSH_POSTING_MAP = {
    "Ramp Agent — BRS": "SGS-BRS-01", "Baggage Handler — BRS": "SGS-BRS-02", "Check-in Agent — BRS": "SGS-BRS-03",
    "Ramp Agent — EXT": "SGS-EXT-01", "Baggage Handler — EXT": "SGS-EXT-02", "Check-in Agent — EXT": "SGS-EXT-03",
    "Ramp Agent — NQY": "SGS-NQY-01", "Baggage Handler — NQY": "SGS-NQY-02", "Check-in Agent — NQY": "SGS-NQY-03",
    "Winter De-icing Crew — SOU": "SGS-SOU-01"}
SALTMARSH_PILOT_JOBS = [(f"{role} — {city}", ext, "open") for (role, city, ext) in (
    ("Ramp Agent", "Bristol", "SGS-BRS-01"), ("Baggage Handler", "Bristol", "SGS-BRS-02"),
    ("Check-in Agent", "Bristol", "SGS-BRS-03"), ("Ramp Agent", "Exeter", "SGS-EXT-01"),
    ("Baggage Handler", "Exeter", "SGS-EXT-02"), ("Check-in Agent", "Exeter", "SGS-EXT-03"),
    ("Ramp Agent", "Newquay", "SGS-NQY-01"), ("Baggage Handler", "Newquay", "SGS-NQY-02"),
    ("Check-in Agent", "Newquay", "SGS-NQY-03"), ("De-icing Operator", "Southampton", "SGS-SOU-01"))] + [
    ("Ramp Agent — Bristol (winter 2025)", "SGS-BRS-91", "archived"),
    ("De-icing Operator — Southampton (winter 2025)", "SGS-SOU-91", "archived")]
PILOT_STAGES = [("Inbox", "inbox"), ("In review", "in_process"), ("Phone Screen", "in_process"),
                ("Interview", "in_process"), ("Offer", "offer"), ("Hired", "hired")]
ARCHIVE_WINDOW_DAYS = 180


def pilot_stages(title: str) -> list[tuple[str, str]]:
    if title.startswith("Ramp Agent"):
        return PILOT_STAGES[:4] + [("Airside Pass Check", "in_process")] + PILOT_STAGES[4:]
    if title.startswith("Check-in"):
        return [st for st in PILOT_STAGES if st[0] != "Phone Screen"]
    return PILOT_STAGES


def saltmarsh_pilot_plan(seed: int, now: dt.datetime) -> list[dict]:
    """The trial's candidates: Pipelane saltmarsh-90 (same seed) re-created in memory; contacts
    with an opportunity in scope (posting in SALTMARSH_POSTING_MAP; open, or archived within
    180 days), in contact order; `random.Random("crewtide:saltmarsh-pilot:<seed>:pilot")`
    samples 8 of them: the first 5 `script` (external id PL:<UUID upper case>, no e-mail, an
    application at Inbox on the job of the contact's first in-scope opportunity), the other 3
    `hand` (no external id, the e-mail lower case)."""
    from vendors.pipelane.seed import Gen as PlGen, saltmarsh_90

    g = PlGen("saltmarsh-90", seed, now)
    saltmarsh_90(g)
    posting = {p["id"]: p["text"] for p in g.rows["postings"]}
    cutoff = now - dt.timedelta(days=ARCHIVE_WINDOW_DAYS)
    opps: dict[str, list[dict]] = {}
    for o in g.rows["opportunities"]:
        if posting[o["posting_id"]] in SALTMARSH_POSTING_MAP and (o["archived_at"] is None or o["archived_at"] >= cutoff):
            opps.setdefault(o["contact_id"], []).append(o)
    scope = [c for c in g.rows["contacts"] if c["id"] in opps]
    rng = random.Random(f"crewtide:saltmarsh-pilot:{seed}:pilot")
    chosen = sorted(rng.sample(range(len(scope)), 8))
    out = []
    for k, idx in enumerate(chosen):
        c = scope[idx]
        first, _, last = c["name"].partition(" ")
        o = opps[c["id"]][0]
        out.append({"kind": "script" if k < 5 else "hand", "contact_id": c["id"], "first_name": first,
                    "last_name": last, "email": None if k < 5 else c["email"].lower(), "phone": c["phone"],
                    "external_id": f"PL:{c['id'].upper()}" if k < 5 else None,
                    "job_external_id": SALTMARSH_POSTING_MAP[posting[o["posting_id"]]] if k < 5 else None})
    return out


def saltmarsh_pilot(s, rng: random.Random, now: dt.datetime, seed: int) -> None:
    generic(s, rng, now, 0, 0)
    jobs, stages = [], []
    for j, (title, ext, status) in enumerate(SALTMARSH_PILOT_JOBS, start=1):
        created = (now - dt.timedelta(days=400 - 20 * j if status == "archived" else 60 - j)).replace(microsecond=0)
        jobs.append({"id": j, "title": title, "status": status, "department": "Ground Operations",
                     "location": "Saltmarsh", "external_id": ext, "created_at": created, "updated_at": created})
        for k, (name, typ) in enumerate(pilot_stages(title)):
            stages.append({"id": len(stages) + 1, "job_id": j, "name": name, "stage_type": typ, "row_order": k + 1,
                           "created_at": created, "updated_at": created})
    s.execute(insert(Job), jobs)
    s.execute(insert(Stage), stages)
    job_id = {j["external_id"]: j["id"] for j in jobs}
    inbox = {st["job_id"]: st["id"] for st in reversed(stages) if st["stage_type"] == "inbox"}
    trial = (now - dt.timedelta(days=41, hours=3)).replace(microsecond=0)
    cands, apps = [], []
    for spec in saltmarsh_pilot_plan(seed, now):
        cid = len(cands) + 1
        at = trial + dt.timedelta(minutes=7 * cid)
        cands.append({"id": cid, "first_name": spec["first_name"], "last_name": spec["last_name"],
                      "email": spec["email"], "phone": spec["phone"], "external_id": spec["external_id"], "tags": [],
                      "sourced": False, "created_at": at, "updated_at": at})
        if spec["job_external_id"]:
            jid = job_id[spec["job_external_id"]]
            apps.append({"id": len(apps) + 1, "candidate_id": cid, "job_id": jid, "stage_id": inbox[jid],
                         "status": "active", "sourced": False, "note": None, "rejection_reason": None,
                         "hired_at": None, "rejected_at": None, "created_at": at, "updated_at": at})
    for first, last in (("Keira", "Pengelly"), ("Tobias", "Marsh")):
        cid = len(cands) + 1
        at = (now - dt.timedelta(days=9 + cid)).replace(microsecond=0)
        cands.append({"id": cid, "first_name": first, "last_name": last,
                      "email": f"{first}.{last}@walkin.example".lower(), "phone": None, "external_id": None,
                      "tags": ["walk-in"], "sourced": False, "created_at": at, "updated_at": at})
    s.execute(insert(Candidate), cands)
    s.execute(insert(JobApplication), apps)


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
            "alder": alder, "saltmarsh-pilot": saltmarsh_pilot}
SEEDED = {"saltmarsh-pilot"}  # datasets that need the seed itself (to re-create another vendor's rows)
