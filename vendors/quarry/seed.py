"""Deterministic datasets for Quarry: the same (dataset, seed) dumps byte-identically.

Randomness comes from `random.Random(f"quarry:{dataset}:{seed}")`; names from
`vendors.kit.names`; instants are relative to the frozen clock the seeder sees (the run's base
instant); UUIDs come from the same generator.

Datasets (all: jobs → candidates → applications (1–3 per candidate, never two on one job) →
interview schedules on applications past the review stage):
- Every dataset with completed interviews has feedback (70 % of completed interviews).
- `small`: 8 jobs (job #3 confidential, job #8 Closed), 50 candidates. Planted: candidate #1 is
  `amara.probe@example.com` (a `candidate.create` with that email is a `duplicate_candidate`);
  every application status (Active, Hired, Archived with a reason, Lead) occurs.
- `large`: 40 jobs (every 10th confidential), 5,000 candidates.
- `empty`: no records.
- `fellows-800` (build-07): 800 candidates on 12 research-fellowship jobs, none confidential;
  40 candidates imported from a 2024 database (created in 2024, e-mails in mixed case or with a
  surrounding blank, as the docs warn) and 9 without an e-mail.
- `loops-900` (fix-07): exactly 900 applications on 24 jobs, none with a candidate twice; the
  key may not read three of them: jobs #12 and #19 are flagged confidential, job #5 ("QA Engineer
  (Core)") is restricted (the key's admin lost access to it: job.list shows it with
  `confidential: false`). Their applications are refused with `confidential_job` per job and
  hidden from the unfiltered list. Jobs #8 and #21 are Closed (their applications still count;
  job.list without a `status` leaves them out, trap `closed-jobs-unlisted`),
  and about a quarter of the applications are Quarry-Archived (status `Archived`, still live).
- `duneside` (harden-11): 40 candidates, 56 applications on 10 installer jobs (16 more on a
  candidate's second job); every application past review has 1–2 interview schedules; 16
  applications are Archived, all past review, so their interviews exist. The account's plan
  (ACCOUNT_SETTINGS, applied at every reset, so in the agent phase too): the enveloped throttle
  at 15 calls per 10 s (retryAfterSeconds = the seconds until a slot frees) and the scheduling
  board's unfiltered interviewSchedule.list without the archived applications' interviews.
- `brisa` (migrate-07): 260 candidates on 9 technician jobs carrying `reqCode` BRW-REQ-01…09,
  plus 14 twin groups from an old CV-parser import: 8 pairs sharing an email differing in case
  and blanks, 6 pairs sharing a phone (different formatting) with an accent-insensitively
  equal name ("José Núñez" / "Jose Nunez"); the twin's `updatedAt` differs, and some twins lack
  a phone or location.
- `brisa-twins` (migrate-07 v1): Brisa Wind Services' open pipeline, scaled down: 9 technician
  jobs with `reqCode` BRW-REQ-01…09 (every job Open), 75 ordinary candidates (1–2 applications
  each, about a quarter Archived; every application past review has interview schedules, most
  completed ones feedback), and the CV-parser import's twins (exact, seed-independent names and
  e-mails, `updatedAt` set so the latest twin is known): 4 pairs sharing an e-mail that differs
  in case or surrounding blanks (the later twin lacks a phone in two), 4 pairs sharing a phone
  in different formats (`+34 6xx xxx xxx` / `0034…`) with accent-insensitively equal names and
  different e-mails, 1 triple (A~B by e-mail, A~C by phone and name), and look-alikes that are
  not twins: 2 "María Gómez" with different phones and e-mails, 2 people of one family sharing a
  phone under different first names. 2 twin groups have both twins on one job (in one of them
  the later application is Archived). 5 candidates carry the e-mails of people the parent's
  TalentForge tenant already has (talentforge `brisa-parent`, `PARENT_OVERLAP` there). The
  account answers `internal_error` envelopes (ACCOUNT_SETTINGS, from every reset): page 2 of a
  candidate.list walk once, page 2 of an application.list walk once, page 1 of an
  applicationFeedback.list walk once.
- `vantage-pilot` (migrate-11): 6 kitchen jobs and 30 pilot candidates whose emails do not
  depend on the seed: `vk.pilot01@vantagekitchens.example` … `vk.pilot30@…`, each with one
  application.
- `vantage-weekend` (migrate-11 v1): the account after IT's pilot import of Scoutly `vantage-70`
  (same seed): its 4 kitchen jobs (`VKQ-101`…`VKQ-104`) and 2 of another brand, the first 30
  Scoutly candidates (same name, e-mail, phone) carrying their screening answers as custom
  fields keyed by the question's text (Yes/No, whole numbers, the option or text as is; the
  latest application's answer wins), each with only their earliest Scoutly application on its
  job (status table of `VANTAGE_STATUS`). The plan switches the enveloped throttle on at every
  reset (20 calls per 2 s).
"""
from __future__ import annotations

import datetime as dt
import random
import uuid

from sqlalchemy import insert

from vendors.kit import names

from .models import ARCHIVE_REASONS, STAGES, Application, Candidate, Feedback, InterviewSchedule, Job

DEPARTMENTS = ["Engineering", "Operations", "Research", "Field Services", "Sales", "People"]
SOURCES = ["LinkedIn", "Referral", "Careers Page", "Indeed", "Agency", "Event"]
INTERVIEWERS = ["Ada Quist", "Bram Oyelaran", "Cleo Marsh", "Dev Anand", "Edda Voss", "Femi Ade",
                "Gus Thorne", "Hiro Sato"]
TITLES = {
    "default": ["Software Engineer", "Data Analyst", "Product Designer", "Account Executive",
                "Support Specialist", "Site Reliability Engineer", "Recruiter", "Finance Associate"],
    "fellows": ["Research Fellow, Ocean Heat", "Research Fellow, Glacier Dynamics", "Postdoctoral Fellow, Aerosols",
                "Research Fellow, Carbon Cycle", "Visiting Fellow, Climate Policy", "Research Fellow, Permafrost",
                "Research Fellow, Monsoon Systems", "Data Fellow, Earth Observation", "Research Fellow, Sea Ice",
                "Research Fellow, Drought Risk", "Research Fellow, Wildfire Smoke", "Research Fellow, Urban Heat"],
    "loops": ["Backend Engineer", "Frontend Engineer", "Staff Engineer", "Engineering Manager", "QA Engineer",
              "Security Engineer", "Mobile Engineer", "Data Engineer"],
    "installers": ["Solar Installer", "Lead Solar Installer", "Electrician (Solar)", "Roofer", "Site Surveyor",
                   "Installer Apprentice", "Crew Lead", "Battery Technician", "Warehouse Associate", "Field Scheduler"],
    "wind": ["Wind Turbine Technician", "Blade Repair Technician", "High-Voltage Technician", "Rope Access Technician",
             "Site Manager", "Service Planner", "Lead Technician", "Gearbox Specialist", "HSE Officer"],
    "kitchen": ["Line Cook", "Sous Chef", "Pastry Chef", "Dishwasher", "Kitchen Porter", "Head Chef"],
}
FEEDBACK = {1: ["Not a fit for the role's core skills.", "Struggled with the practical exercise."],
            2: ["Some gaps; would need close support.", "Mixed signals on experience."],
            3: ["Solid; recommend moving forward.", "Good practical skills, clear communicator."],
            4: ["Excellent — strong hire.", "Outstanding exercise; hire."]}
STAGE_STATUS = {"Application Review": 0, "Phone Screen": 1, "Technical Interview": 2, "Onsite": 3, "Offer": 4,
                "Hired": 5}


class _Gen:
    def __init__(self, dataset: str, seed: int, now: dt.datetime):
        self.rng = random.Random(f"quarry:{dataset}:{seed}")
        self.seed = seed
        self.now = now.replace(microsecond=0)
        self.rows: dict[type, list[dict]] = {Job: [], Candidate: [], Application: [], InterviewSchedule: [],
                                             Feedback: []}

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def past(self, max_days: int, min_days: int = 0) -> dt.datetime:
        return self.now - dt.timedelta(seconds=self.rng.randint(min_days * 86400, max_days * 86400))

    def after(self, t: dt.datetime) -> dt.datetime:
        span = int((self.now - t).total_seconds())
        return t + dt.timedelta(seconds=self.rng.randint(0, max(span, 0)))

    def add(self, model: type, values: dict) -> dict:
        values["seq"] = len(self.rows[model]) + 1
        self.rows[model].append(values)
        return values

    def job(self, title: str, confidential: bool = False, status: str = "Open", req_code: str | None = None,
            restricted: bool = False) -> dict:
        created = self.past(400, 60)
        return self.add(Job, {"id": self.uuid(), "title": title, "status": status,
                              "department": self.rng.choice(DEPARTMENTS), "location": self.rng.choice(names.CITIES),
                              "req_code": req_code, "confidential": confidential, "restricted": restricted,
                              "created_at": created, "updated_at": self.after(created)})

    def candidate(self, serial: int, **over) -> dict:
        p = names.person(self.rng, serial)
        created = self.past(300, 1)
        values = {"id": self.uuid(), "name": f"{p['first_name']} {p['last_name']}", "email": p["email"],
                  "phone": p["phone"], "location": p["city"], "source": self.rng.choice(SOURCES),
                  "custom_fields": {}, "created_at": created, "updated_at": self.after(created)}
        values.update(over)
        return self.add(Candidate, values)

    def application(self, cand: dict, job: dict, status: str | None = None) -> dict:
        rng = self.rng
        status = status or rng.choices(["Active", "Archived", "Hired", "Lead"], [60, 28, 7, 5])[0]
        if status == "Hired":
            stage = "Hired"
        elif status == "Lead":
            stage = "Application Review"
        else:
            stage = rng.choice(STAGES[:5])
        created = self.after(max(cand["created_at"], job["created_at"]))
        app = self.add(Application, {
            "id": self.uuid(), "candidate_id": cand["id"], "job_id": job["id"], "status": status,
            "current_stage": stage, "archive_reason": rng.choice(ARCHIVE_REASONS) if status == "Archived" else None,
            "source": cand["source"], "created_at": created, "updated_at": self.after(created)})
        return app

    def schedules(self, app: dict, force: bool = False) -> None:
        rng = self.rng
        level = STAGE_STATUS[app["current_stage"]]
        if level == 0:
            return
        count = rng.randint(1, 2) if force else rng.randint(0, min(level, 2))
        for i in range(count):
            start = (self.now + dt.timedelta(days=rng.randint(-30, 14))).replace(
                hour=rng.choice([8, 9, 10, 11, 13, 14, 15, 16]), minute=rng.choice([0, 30]), second=0)
            status = "Complete" if start < self.now else rng.choices(["Scheduled", "Cancelled"], [9, 1])[0]
            created = max(app["created_at"], min(start, self.now) - dt.timedelta(days=rng.randint(1, 10)))
            self.add(InterviewSchedule, {
                "id": self.uuid(), "application_id": app["id"], "status": status,
                "title": ["Phone Screen", "Technical Interview", "Onsite", "Panel"][min(i + level - 1, 3)],
                "start_time": start, "end_time": start + dt.timedelta(minutes=rng.choice([30, 45, 60, 90])),
                "interviewers": sorted(rng.sample(INTERVIEWERS, rng.randint(1, 3))),
                "location": rng.choice(["Video call", "Phone", "Office", None]),
                "created_at": created, "updated_at": self.after(created)})
            if status == "Complete" and rng.random() < 0.7:
                at = start + dt.timedelta(hours=rng.randint(1, 30))
                at = min(at, self.now)
                rating = rng.randint(1, 4)
                self.add(Feedback, {
                    "id": self.uuid(), "application_id": app["id"], "author": rng.choice(INTERVIEWERS),
                    "rating": rating, "text": rng.choice(FEEDBACK[rating]), "submitted_at": at,
                    "created_at": at, "updated_at": at})

    def apply_all(self, cand: dict, jobs: list[dict], counts=(1, 2, 3), weights=(55, 35, 10),
                  force_schedules: bool = False) -> None:
        n = self.rng.choices(counts, weights)[0]
        for job in self.rng.sample(jobs, min(n, len(jobs))):
            app = self.application(cand, job)
            self.schedules(app, force=force_schedules)


# Settings an account's plan switches on at reset (the control plane's `config` may change
# them later; a reset brings them back).
ACCOUNT_SETTINGS: dict[str, dict] = {
    "duneside": {"rate_limit": {"limit": 15, "window_s": 10}, "archived_interviews_unlisted": True},
    "vantage-weekend": {"rate_limit": {"limit": 20, "window_s": 2}},
    "brisa-twins": {"internal_errors": [{"method": "candidate.list", "page": 2, "times": 1},
                                        {"method": "application.list", "page": 2, "times": 1},
                                        {"method": "applicationFeedback.list", "page": 1, "times": 1}]},
}


def seed(s, ctx, dataset: str, seed: int) -> None:
    for name, value in ACCOUNT_SETTINGS.get(dataset, {}).items():
        ctx.settings[name] = dict(value) if isinstance(value, dict) else value
    g = _Gen(dataset, seed, ctx.now())
    builder = _DATASETS.get(dataset)
    if builder is None:
        raise ValueError(f"unknown dataset {dataset}")
    builder(g)
    for model in (Job, Candidate, Application, InterviewSchedule, Feedback):
        if g.rows[model]:
            s.execute(insert(model), g.rows[model])


def _standard(g: _Gen, n_jobs: int, n_candidates: int, titles: str, confidential_every: int = 0,
              closed: tuple[int, ...] = (), force_schedules: bool = False) -> list[dict]:
    pool = TITLES[titles]
    jobs = [g.job(pool[i % len(pool)] + ("" if i < len(pool) else f" {i // len(pool) + 1}"),
                  confidential=bool(confidential_every) and (i + 1) % confidential_every == 0,
                  status="Closed" if i + 1 in closed else "Open")
            for i in range(n_jobs)]
    for i in range(n_candidates):
        cand = g.candidate(i + 1)
        g.apply_all(cand, jobs, force_schedules=force_schedules)
    return jobs


def _small(g: _Gen) -> None:
    pool = TITLES["default"]
    jobs = [g.job(t, confidential=(i == 2), status="Closed" if i == 7 else "Open") for i, t in enumerate(pool)]
    for i in range(50):
        over = {"name": "Amara Probe", "email": "amara.probe@example.com"} if i == 0 else {}
        cand = g.candidate(i + 1, **over)
        if i < 4:  # every status occurs
            app = g.application(cand, jobs[i], status=("Active", "Hired", "Archived", "Lead")[i])
            g.schedules(app, force=True)
        else:
            g.apply_all(cand, jobs)


def _large(g: _Gen) -> None:
    _standard(g, 40, 5000, "default", confidential_every=10, closed=(7, 23))


def _empty(g: _Gen) -> None:
    pass


def _fellows(g: _Gen) -> None:
    _standard(g, 12, 800, "fellows")
    rng, cands = g.rng, g.rows[Candidate]
    legacy = rng.sample(cands, 40)
    for i, c in enumerate(legacy):  # imported from the Institute's 2024 applicant database
        local, domain = c["email"].split("@")
        c["email"] = [f"{local.title()}@{domain}", f" {c['email']}", c["email"].upper(), f"{local}@{domain.title()} "][i % 4]
        c["created_at"] = dt.datetime(2024, 1, 8, tzinfo=dt.timezone.utc) + dt.timedelta(
            seconds=rng.randint(0, 330 * 86400))
    taken = {c["id"] for c in legacy}
    for c in rng.sample([c for c in cands if c["id"] not in taken], 9):  # referrals entered by hand
        c["email"] = None


def _loops(g: _Gen) -> None:
    pool = TITLES["loops"]
    jobs = [g.job(f"{pool[i % len(pool)]} ({('Core', 'Growth', 'Platform')[i // len(pool)]})",
                  confidential=(i + 1) in (12, 19), restricted=(i + 1) == 5,
                  status="Closed" if (i + 1) in (8, 21) else "Open") for i in range(24)]
    made, serial = 0, 0
    while made < 900:
        serial += 1
        cand = g.candidate(serial)
        n = min(g.rng.choices((1, 2, 3), (55, 35, 10))[0], 900 - made)
        for job in g.rng.sample(jobs, n):
            g.schedules(g.application(cand, job))
        made += n


def _duneside(g: _Gen) -> None:
    jobs = [g.job(t) for t in TITLES["installers"]]
    cands = [g.candidate(i + 1) for i in range(40)]
    for i in range(56):
        cand = cands[i] if i < 40 else cands[(i * 7) % 40]
        taken = {a["job_id"] for a in g.rows[Application] if a["candidate_id"] == cand["id"]}
        job = next(j for j in g.rng.sample(jobs, len(jobs)) if j["id"] not in taken)
        archived = i % 7 in (2, 5)
        status = "Archived" if archived else g.rng.choices(["Active", "Hired", "Lead"], [80, 12, 8])[0]
        app = g.application(cand, job, status=status)
        if archived and app["current_stage"] == "Application Review":
            app["current_stage"] = g.rng.choice(STAGES[1:5])
        g.schedules(app, force=True)


_TWIN_NAMES = [("José Núñez", "Jose Nunez"), ("Inês Conceição", "Ines Conceicao"), ("Joaquín Peña", "Joaquin Pena"),
               ("María Gómez", "Maria Gomez"), ("João Simões", "Joao Simoes"), ("Ángel Muñoz", "Angel Munoz")]


def _brisa(g: _Gen) -> None:
    jobs = [g.job(t, req_code=f"BRW-REQ-{i + 1:02d}") for i, t in enumerate(TITLES["wind"])]
    rng = g.rng
    for i in range(260):
        g.apply_all(g.candidate(i + 1), jobs)
    serial = 1000
    for i in range(8):  # email twins
        serial += 1
        a = g.candidate(serial)
        b = g.candidate(serial + 500, name=a["name"], email=a["email"].upper() if i % 2 else f" {a['email'].title()} ",
                        phone=None if i % 3 == 0 else a["phone"], location=None if i % 4 == 1 else "Porto")
        for cand in (a, b):
            g.apply_all(cand, jobs, counts=(1,), weights=(1,))
    for i, (accented, plain) in enumerate(_TWIN_NAMES):  # phone + accent-insensitive name twins
        serial += 1
        digits = f"{rng.randint(600, 699)}{rng.randint(100000, 999999)}"
        a = g.candidate(serial, name=accented, phone=f"+34 {digits[:3]} {digits[3:6]} {digits[6:]}",
                        email=f"{plain.lower().replace(' ', '.')}@brisa-old.example")
        b = g.candidate(serial + 500, name=plain, phone=f"0034{digits}",
                        email=f"{plain.lower().replace(' ', '')}{i}@mail.example")
        for cand in (a, b):
            g.apply_all(cand, jobs, counts=(1,), weights=(1,))


def _vantage_pilot(g: _Gen) -> None:
    jobs = [g.job(t) for t in TITLES["kitchen"]]
    fixed = random.Random("quarry:vantage-pilot:names")
    for i in range(30):
        p = names.person(fixed, i + 1)
        cand = g.candidate(i + 1, name=f"{p['first_name']} {p['last_name']}",
                           email=f"vk.pilot{i + 1:02d}@vantagekitchens.example", source="Pilot import")
        g.application(cand, jobs[i % len(jobs)], status="Active")


# vantage-weekend: Scoutly's `vantage-70` jobs (by ref) as Quarry jobs (req_code), and the pilot's
# way of writing a Scoutly screening answer into a custom field (key: the question's text).
VANTAGE_JOBS = [("VK-1", "VKQ-101", "Line Cook"), ("VK-2", "VKQ-102", "Sous Chef"),
                ("VK-3", "VKQ-103", "Kitchen Porter"), ("VK-4", "VKQ-104", "Pastry Chef")]
VANTAGE_STATUS = {"NEW": ("Active", "Application Review", None), "IN_REVIEW": ("Active", "Phone Screen", None),
                  "INTERVIEW": ("Active", "Onsite", None), "OFFERED": ("Active", "Offer", None),
                  "HIRED": ("Hired", "Hired", None), "REJECTED": ("Archived", "Application Review", "Rejected - Skills"),
                  "WITHDRAWN": ("Archived", "Application Review", "Withdrew")}


def vantage_answer_text(answer) -> str:
    """The pilot's rendering of a Scoutly screening answer: Yes/No, whole numbers, text as is."""
    if isinstance(answer, bool):
        return "Yes" if answer else "No"
    if isinstance(answer, (int, float)):
        return str(int(answer)) if float(answer).is_integer() else str(answer)
    return str(answer)


def vantage_custom_fields(apps: list[dict], questions: dict[str, str]) -> dict[str, str]:
    """A person's custom fields: every answer of every application, the latest application's
    answer winning when two asked the same question (applications by created_at, id)."""
    out: dict[str, str] = {}
    for app in sorted(apps, key=lambda a: (a["created_at"], a["id"])):
        for ans in app["screening_answers"]:
            out[questions[ans["questionId"]]] = vantage_answer_text(ans["answer"])
    return out


def _vantage_weekend(g: _Gen) -> None:
    """migrate-11 v1: the Quarry account after IT's pilot import of Scoutly `vantage-70` (same seed):
    the 4 kitchen jobs (req_code VKQ-101…104) plus two of another brand, and the first 30 Scoutly
    candidates in creation order with the same name, e-mail and phone, their screening answers as
    custom fields (question text → Yes/No, whole number, option or text) and their earliest Scoutly
    application on its job in the status table's status (a second application is not imported)."""
    from vendors.scoutly.seed import generate, pilot_candidates

    jobs_s, cands_s, apps_s = generate("vantage-70", g.seed, g.now)
    by_ref = {j["ref_number"]: j for j in jobs_s}
    jobs = {}
    for ref, code, title in VANTAGE_JOBS:
        jobs[by_ref[ref]["id"]] = g.job(title, req_code=code)
        jobs[by_ref[ref]["id"]]["location"] = by_ref[ref]["location_city"]
    for title in ("Barista", "Front of House"):
        g.job(title, req_code=f"HRB-{title[:3].upper()}")
    questions = {q["id"]: q["text"] for j in jobs_s for q in j["screening_questions"]}
    for i, cd in enumerate(pilot_candidates(cands_s, 30)):
        mine = sorted((a for a in apps_s if a["candidate_id"] == cd["id"]), key=lambda a: (a["created_at"], a["id"]))
        created = g.now - dt.timedelta(days=12, seconds=600 - 10 * i)
        cand = g.candidate(i + 1, name=f"{cd['first_name']} {cd['last_name']}", email=cd["email"],
                           phone=cd["phone"], location=cd["city"], source="Pilot import",
                           custom_fields=vantage_custom_fields(mine, questions), created_at=created,
                           updated_at=created)
        first = mine[0]
        status, stage, reason = VANTAGE_STATUS[first["status"]]
        app = g.application(cand, jobs[first["job_id"]], status=status)
        app.update(current_stage=stage, archive_reason=reason, source="Pilot import",
                   created_at=created + dt.timedelta(seconds=2), updated_at=created + dt.timedelta(seconds=2))


# brisa-twins: people the parent's TalentForge tenant already has (talentforge seed.py
# PARENT_OVERLAP holds the same addresses, capitalised there).
BRISA_OVERLAP = [("Lucía Ferreira", "lucia.ferreira@correo.example"), ("Pau Vidal", "pau.vidal@correo.example"),
                 ("Tiago Rocha", "tiago.rocha@mail.example"), ("Nerea Etxeberria", "nerea.etxeberria@correo.example"),
                 ("Rui Carvalho", "rui.carvalho@post.example")]
# (name, e-mail, phone, source, updated days ago) per twin; the first of each group is created first.
BRISA_TWINS = [
    # e-mail twins: the same address in another case or with blanks
    [("Marta Sousa", "marta.sousa@correo.example", "+34 611 204 318", "LinkedIn", 40),
     ("Marta Sousa", " MARTA.SOUSA@correo.example ", None, None, 6)],
    [("Iker Zubiri", "iker.zubiri@mail.example", "+34 622 918 004", "Referral", 9),
     ("Iker Zubiri Arana", "Iker.Zubiri@Mail.example", "0034622918004", "Careers Page", 30)],
    [("Carla Pinto", "carla.pinto@post.example", None, "Indeed", 55),
     ("Carla Pinto", "CARLA.PINTO@POST.EXAMPLE", "+351 912 334 871", None, 12)],
    [("Hugo Lemos", "hugo.lemos@correo.example", "+351 935 101 442", "Agency", 70),
     ("Hugo Lemos", "hugo.lemos@correo.example ", None, "Event", 3)],
    # phone + name twins: the same phone in two formats, the name with and without accents
    [("José Núñez", "jose.nunez@brisa-old.example", "+34 655 410 227", "Referral", 80),
     ("Jose Nunez", "josenunez0@mail.example", "0034655410227", None, 5)],
    [("Inês Conceição", "ines.conceicao@brisa-old.example", "+351 961 007 315", "LinkedIn", 4),
     ("Ines Conceicao", "inesconceicao1@mail.example", "00351961007315", "Agency", 44)],
    [("Joaquín Peña", "joaquin.pena@brisa-old.example", "+34 677 282 940", None, 66),
     ("Joaquin Pena", "joaquinpena2@mail.example", "+34677282940", "Indeed", 15)],
    [("María Gómez", "maria.gomez@brisa-old.example", "+34 688 613 505", "Agency", 25),
     ("Maria Gomez", "mariagomez3@mail.example", "0034 688 613 505", "LinkedIn", 8)],
    # a triple: A~B by e-mail, A~C by phone and name
    [("Ángel Muñoz", "angel.munoz@brisa-old.example", "+34 699 520 118", "Careers Page", 90),
     ("Angel Munoz", "Angel.Munoz@brisa-old.example", None, None, 20),
     ("Ángel Muñoz", "angelmunoz4@mail.example", "0034699520118", "Referral", 2)],
]
# look-alikes that are NOT twins
BRISA_LOOKALIKES = [("María Gómez", "maria.gomez.ruiz@correo.example", "+34 644 100 872"),
                    ("Ander Etxeberria", "ander.etx@correo.example", "+34 633 457 019"),
                    ("Miren Etxeberria", "miren.etx@correo.example", "0034633457019")]


def _brisa_twins(g: _Gen) -> None:
    jobs = [g.job(t, req_code=f"BRW-REQ-{i + 1:02d}") for i, t in enumerate(TITLES["wind"])]
    rng = g.rng

    def apply(cand, counts=(1, 2), weights=(70, 30)):
        g.apply_all(cand, jobs, counts=counts, weights=weights, force_schedules=True)

    for i in range(75):
        apply(g.candidate(i + 1))
    for i, (name, email) in enumerate(BRISA_OVERLAP):
        cand = g.candidate(200 + i, name=name, email=email)
        app = g.application(cand, jobs[(2 * i) % len(jobs)], status="Active")
        g.schedules(app, force=True)
    for i, (name, email, phone) in enumerate(BRISA_LOOKALIKES):
        cand = g.candidate(300 + i, name=name, email=email, phone=phone)
        g.application(cand, jobs[(i + 4) % len(jobs)], status="Active")
    for k, group in enumerate(BRISA_TWINS):
        base = g.now - dt.timedelta(days=200 + 10 * k)
        made = []
        for j, (name, email, phone, source, upd_days) in enumerate(group):
            created = base + dt.timedelta(days=j, seconds=rng.randint(0, 3600))
            made.append(g.candidate(400 + 10 * k + j, name=name, email=email, phone=phone, source=source,
                                    location=None if j else "Bilbao", created_at=created,
                                    updated_at=g.now - dt.timedelta(days=upd_days, seconds=rng.randint(0, 3600))))
        for j, cand in enumerate(made):
            if k in (1, 5):  # both twins on one job; in group 5 the later application is Archived
                job = jobs[k]
                app = g.application(cand, job, status=("Archived" if (k == 5 and j == 1) else "Active"))
                app["updated_at"] = g.now - dt.timedelta(days=(30 if j == 0 else 10), seconds=rng.randint(0, 3600))
                app["created_at"] = min(app["created_at"], app["updated_at"])
                g.schedules(app, force=True)
            else:
                apply(cand, counts=(1,), weights=(1,))


_DATASETS = {"small": _small, "large": _large, "empty": _empty, "fellows-800": _fellows, "loops-900": _loops,
             "duneside": _duneside, "brisa": _brisa, "vantage-pilot": _vantage_pilot,
             "brisa-twins": _brisa_twins, "vantage-weekend": _vantage_weekend}
