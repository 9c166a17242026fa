"""Deterministic Workwell datasets. The same (dataset, seed) gives byte-identical rows: one
`random.Random(f"workwell:{dataset}:{seed}")`, names from `vendors.kit.names`, timestamps
relative to the frozen clock the seeder sees (`ctx.now()`, 2026-03-02T09:00:00Z by default).

Ids are integers shown as unpadded hex; jobs start at 0x1a0 and candidates at 0x40, each
growing by 1-3 per row (gaps, as on a real account), so hex ids mix digits and letters and are
never zero-padded. Every job has a 10-character upper-case hex shortcode.

Stages (all datasets): sourced, applied, phone-screen, assessment, interview, offer, hired;
`emberton` adds physical-test and fitness-retest.

Datasets
- `empty`: stages only.
- `small`: 8 jobs (5 published, 2 closed — one 10 days ago, one 45 days ago — 1 draft) and 50
  candidates; 6 disqualified; every job has the `store_code` custom field; hired and offer-stage
  candidates have an offer (hired: accepted, with a start date).
- `large`: 60 jobs, 5,000 candidates, same mix.
- `seasonal-40` (build-06): 40 store jobs (`store_code` ST-001…ST-040): 36 published, 4 closed
  within the last 30 days; plus 6 out-of-scope jobs (3 closed 40-90 days ago, 2 draft, 1
  archived); 60-130 candidates per job (≈ 4,000 in all), about 12 % disqualified.
- `seasonal-40-repeats` (build-06 v2): seasonal-40's records (the same random stream, byte for
  byte) plus repeat applications (`_repeat_applications`, its own stream, ids after every
  other candidate's): 22 people applied twice and 2 three times to the same store job (a new
  candidate of the job with the same name, e-mail, phone and answers, minutes to ten days
  after the first), none disqualified; 4 more repeats disqualified with the reason
  "Duplicate application". seasonal-40 itself has no two candidates of a job with one e-mail.
- `city` (build-14): City of Wrenford, 10 jobs in departments; ≈ 300 candidates, 24 `hired`
  with an accepted offer: 16 start in the future (at least 8 on a day of the month ≤ 12), 4
  already started (start date in the past), 4 hired whose offer has no start date yet.
- `riders-1200` (fix-06): Sprocket Couriers, 4 rider jobs (title contains "Rider") and 2 other
  jobs; 1,200 candidates, every candidate id ≤ 0xfff (new riders created by `mutate` get ids
  from 0x1000).
- `dairy` (harden-03): Meadowlark Dairy Co-op's agency account. 3 published jobs whose `code`
  is the co-op's HireHarbor requisition id: "Seasonal Milker - Hollow Lane" (MDC-HLW),
  "Seasonal Milker - Brookside" (MDC-BRK), "Relief Milker - Ridgeway" (MDC-RDG). 105
  candidates; "qualified" = stage interview or later and not disqualified. 88 fillers in the
  early stages (sourced … assessment, ≈ 10 % disqualified), and 14 planted people (17 rows)
  shuffled among them (`dairy_plan`; 15 qualified rows, 13 qualified people): 7 qualified people on one job each (one without a phone); 2 people
  qualified on two jobs (a twin pair each, the second record of one pair with its e-mail in
  mixed case, as the agency's import left it); 1 person qualified on one job whose twin on
  another job is still `applied`; 3 returning milkers already in HireHarbor (`DAIRY_RETURNING`
  [0:3], the HireHarbor `coop` dataset holds them); 1 interview-stage candidate who is
  disqualified. `DAIRY_RETURNING[3]` is not in this dataset (the scenario adds them).
- `emberton` (migrate-05): Emberton Fire & Rescue, 4 jobs, 2,400 candidates across all stages
  including physical-test and fitness-retest, each with screening answers `bleep_test_level`,
  `ladder_climb_s`, `right_to_work`; 5 % without a phone.
- `emberton-160` (migrate-05, scaled down): the same campaign with 160 candidates
  (`_emberton_160`): 4 published jobs, stages as `emberton` (physical-test and fitness-retest
  included), about 10 % disqualified, 5 % without a phone; the fitness answers as the stations'
  kiosks typed them: `bleep_test_level` "8.4" or, on about one in eight, with a decimal comma
  ("8,4"); `ladder_climb_s` whole seconds; `right_to_work` "yes"/"Yes"/"no"; applicants in
  `sourced`/`applied` have often not taken the tests yet (those two answers null).
  Disqualifications are kept as their own record (`DATASET_SETTINGS`: the setting
  `disqualify_keeps_updated_at` is on): a disqualified applicant's `updated_at` is their last
  profile, stage or answer change, at least an hour before `disqualified_at` (when there was
  room), and a later disqualification leaves `updated_at` alone.
  `emberton_160_rows(seed)` gives the rows without a database (Scoutly's `emberton-pilot`
  copies three of them).

Scenario notes: control ops use integer ids (`int(hex_id, 16)`). A `create` of a candidate
without `id` takes max(id) + 1; give `id: 4096` to start new riders at 0x1000. The custom op
`hire` (mutations.py) creates or moves a candidate to `hired` with an accepted offer; moving a
start date is `{op: update, table: offers, where: {candidate_id: N}, values: {start_date}}`,
which also touches the candidate's `updated_at`.
"""
from __future__ import annotations

import random
from datetime import timedelta

from vendors.kit import names

from .models import Candidate, Job, Offer, Stage

STAGES = [("sourced", "Sourced", "sourced"), ("applied", "Applied", "applied"),
          ("phone-screen", "Phone Screen", "shortlisted"), ("assessment", "Assessment", "assessment"),
          ("interview", "Interview", "interview"), ("offer", "Offer", "offer"), ("hired", "Hired", "hired")]
EMBERTON_EXTRA = [("physical-test", "Physical Test", "assessment"), ("fitness-retest", "Fitness Retest", "assessment")]

STAGE_WEIGHTS = {"sourced": 6, "applied": 40, "phone-screen": 15, "assessment": 10, "interview": 12,
                 "offer": 5, "hired": 6, "physical-test": 10, "fitness-retest": 4}

RETAIL_TITLES = ["Seasonal Sales Associate", "Stockroom Associate", "Cashier", "Visual Merchandiser",
                 "Shift Lead"]
CITY_JOBS = [("Refuse Collector", "Environment"), ("Library Assistant", "Culture"),
             ("Parks Ranger", "Environment"), ("Payroll Officer", "Finance"),
             ("Social Worker", "Children's Services"), ("Planning Officer", "Planning"),
             ("Building Inspector", "Planning"), ("IT Service Desk Analyst", "Digital"),
             ("Care Assistant", "Adult Social Care"), ("Customer Adviser", "Customer Services")]
DEPARTMENTS = ["Retail", "Operations", "Logistics", "Customer Service", "Finance"]
QUESTIONS = [("right_to_work", "Do you have the right to work in this country?"),
             ("weekend_availability", "Can you work weekends?")]


class _Ids:
    def __init__(self, rng: random.Random, start: int):
        self.rng, self.next = rng, start

    def __call__(self) -> int:
        value = self.next
        self.next += self.rng.randint(1, 3)
        return value


def seed(s, c, dataset: str, seed_value: int) -> None:
    # `seasonal-40-repeats` holds seasonal-40's records (the same random stream) plus its repeats.
    base = "seasonal-40" if dataset == "seasonal-40-repeats" else dataset
    rng = random.Random(f"workwell:{base}:{seed_value}")
    now = c.now()
    stages = STAGES + (EMBERTON_EXTRA if dataset in ("emberton", "emberton-160") else [])
    for i, (slug, name, kind) in enumerate(stages):
        s.add(Stage(slug=slug, name=name, kind=kind, position=i))
    if dataset == "empty":
        return
    w = _World(s, rng, now, [st[0] for st in stages])
    if dataset in ("small", "large"):
        n_jobs, n_cands = (8, 50) if dataset == "small" else (60, 5000)
        jobs = []
        for i in range(n_jobs):
            state = "published"
            closed_days = None
            if i % 8 == 5:
                state, closed_days = "closed", 10
            elif i % 8 == 6:
                state, closed_days = "closed", 45
            elif i % 8 == 7:
                state = "draft"
            jobs.append(w.job(rng.choice(RETAIL_TITLES), state, store=f"ST-{i + 1:03d}", closed_days=closed_days))
        w.candidates_spread(jobs, n_cands, dq_rate=0.12)
    elif dataset in ("seasonal-40", "seasonal-40-repeats"):
        jobs = []
        for i in range(40):
            closed = i in (7, 18, 26, 33)
            jobs.append(w.job(rng.choice(RETAIL_TITLES), "closed" if closed else "published",
                              store=f"ST-{i + 1:03d}", closed_days=rng.randint(2, 28) if closed else None,
                              department="Retail"))
        for i, (state, days) in enumerate([("closed", 40), ("closed", 65), ("closed", 90), ("draft", None),
                                           ("draft", None), ("archived", None)]):
            jobs.append(w.job(rng.choice(RETAIL_TITLES), state, store=f"ST-{41 + i:03d}", closed_days=days,
                              department="Retail"))
        cands = [cd for j in jobs for cd in w.candidates_for(j, rng.randint(60, 130), dq_rate=0.12)]
        if dataset == "seasonal-40-repeats":
            _repeat_applications(w, jobs, cands, seed_value)
    elif dataset == "city":
        jobs = [w.job(t, "published", store=None, department=d, city="Wrenford", country="GB")
                for t, d in CITY_JOBS]
        w.candidates_spread(jobs, 276, dq_rate=0.1, stages=[x for x in w.stages if x not in ("offer", "hired")])
        for i in range(24):
            cd = w.candidate(jobs[i % len(jobs)], "hired", dq=False, with_offer=False)
            if i < 16:
                day = rng.randint(1, 12) if i < 9 else rng.randint(13, 28)
                month_ahead = now.date().replace(day=1) + timedelta(days=32 * rng.randint(1, 3))
                start = month_ahead.replace(day=day)
            elif i < 20:
                start = now.date() - timedelta(days=rng.randint(3, 60))
            else:
                start = None
            w.offer(cd, "accepted", start)
    elif dataset == "riders-1200":
        w.cand_ids = _Ids(rng, 0x40)
        titles = ["Bike Rider - Central", "Scooter Rider - North", "Cargo Bike Rider - East", "Van Rider - South",
                  "Dispatcher", "Hub Supervisor"]
        jobs = [w.job(t, "published", store=None, department="Logistics") for t in titles]
        w.candidates_spread(jobs, 1200, dq_rate=0.08)
        assert w.cand_ids.next - 3 <= 0xfff
    elif dataset == "dairy":
        _dairy(w, rng)
    elif dataset == "emberton":
        jobs = [w.job(t, "published", store=None, department="Operations", city="Emberton", country="GB")
                for t in ("Trainee Firefighter (Wholetime)", "On-Call Firefighter", "Control Room Operator",
                          "Firefighter (Transferee)")]
        w.candidates_spread(jobs, 2400, dq_rate=0.1, emberton=True)
    elif dataset == "emberton-160":
        _emberton_160(w, rng, seed_value)
        settings = getattr(c, "settings", None)
        if settings is not None:
            settings.update(DATASET_SETTINGS[dataset])
    else:  # a dataset vendor.yaml declares but this seeder does not know
        raise ValueError(f"unknown dataset {dataset}")
    s.flush()


# Returning milkers from last season: already candidates in the co-op's HireHarbor (the
# HireHarbor `coop` dataset imports this list). (first, last, e-mail as Workwell has it)
DAIRY_RETURNING = [("Rosa", "Lindqvist", "rosa.lindqvist@post.example"),
                   ("Emeka", "Varga", "emeka.varga@mail.example"),
                   ("Joanna", "Haddad", "joanna.haddad@example.org"),
                   ("Idris", "Okafor", "idris.okafor@example.net")]
DAIRY_JOBS = [("Seasonal Milker - Hollow Lane", "MDC-HLW"), ("Seasonal Milker - Brookside", "MDC-BRK"),
              ("Relief Milker - Ridgeway", "MDC-RDG")]
QUALIFIED = ["interview", "offer", "hired"]
EARLY = ["sourced", "applied", "phone-screen", "assessment"]


def dairy_plan() -> list[tuple]:
    """The planted rows of `dairy` (before shuffling): (kind, job index, stage, extra)."""
    return ([("single", i % 3, QUALIFIED[i % 3], None) for i in range(7)]
            + [("twin", 0, "interview", (1, "offer", False)), ("twin", 2, "hired", (0, "interview", True)),
               ("twin", 1, "offer", (2, "applied", False))]
            + [("returning", 0, "interview", 0), ("returning", 1, "offer", 1), ("returning", 2, "hired", 2)]
            + [("disqualified", 1, "interview", None)])


def _dairy(w: "_World", rng: random.Random) -> None:
    jobs = []
    for title, code in DAIRY_JOBS:
        j = w.job(title, "published", store=None, department="Farm Operations", city="Ashby")
        j.code = code
        jobs.append(j)
    plan = dairy_plan()
    slots = [("filler", None, None, None)] * 88 + plan
    rng.shuffle(slots)
    singles = 0
    for kind, ji, stage, extra in slots:
        if kind == "filler":
            w.candidate(rng.choice(jobs), rng.choice(EARLY), rng.random() < 0.1)
            continue
        cd = w.candidate(jobs[ji], stage, dq=kind == "disqualified")
        if kind == "single":
            singles += 1
            if singles == 4:
                cd.phone = None
        elif kind == "returning":
            cd.firstname, cd.lastname, cd.email = DAIRY_RETURNING[extra]
        elif kind == "twin":
            oj, ostage, mixed_case = extra
            twin = w.candidate(jobs[oj], ostage, dq=False)
            twin.firstname, twin.lastname, twin.phone = cd.firstname, cd.lastname, cd.phone
            twin.email = cd.email.title() if mixed_case else cd.email


EMBERTON_TITLES = ("Trainee Firefighter (Wholetime)", "On-Call Firefighter", "Control Room Operator",
                   "Firefighter (Transferee)")


# Settings a dataset turns on at reset (a later `/_control/config` may change them).
DATASET_SETTINGS = {"emberton-160": {"disqualify_keeps_updated_at": True}}


def _emberton_160(w: "_World", rng: random.Random, seed_value: int) -> None:
    jobs = [w.job(t, "published", store=None, department="Operations", city="Emberton", country="GB")
            for t in EMBERTON_TITLES]
    w.s.flush()
    dq: list[Candidate] = []
    for _ in range(160):
        job = rng.choice(jobs)
        stage = w._stage(w.stages)
        cd = w.candidate(job, stage, rng.random() < 0.1, emberton=True)
        untested = stage in ("sourced", "applied") and rng.random() < 0.6
        bleep = f"{rng.randint(5, 12)}{',' if rng.random() < 0.125 else '.'}{rng.randint(1, 9)}"
        rtw = rng.choice(["yes", "yes", "yes", "Yes"]) if rng.random() < 0.96 else "no"
        cd.answers = [{"question_key": "bleep_test_level", "question": "Bleep test level reached",
                       "answer": None if untested else bleep},
                      {"question_key": "ladder_climb_s", "question": "Ladder climb time (seconds)",
                       "answer": None if untested else str(rng.randint(35, 120))},
                      {"question_key": "right_to_work", "question": QUESTIONS[0][1], "answer": rtw}]
        if cd.disqualified:
            dq.append(cd)
    # The account keeps disqualifications as their own record (DATASET_SETTINGS): a disqualified
    # applicant's `updated_at` is their last profile, stage or answer change, before they were
    # disqualified (`disqualified_at`). Its own random stream, so every other value is as before.
    drng = random.Random(f"workwell:emberton-160:{seed_value}:disqualified")
    for cd in dq:
        room = int((cd.disqualified_at - cd.created_at).total_seconds())
        if room > 3600:
            cd.updated_at = cd.created_at + timedelta(seconds=drng.randint(0, room - 3600))


REPEAT_PAIRS, REPEAT_TRIPLES, REPEAT_DISQUALIFIED = 22, 2, 4


def _repeat_applications(w: "_World", jobs: list[Job], cands: list[Candidate], seed_value: int) -> None:
    """`seasonal-40-repeats`: people who sent the store kiosk's form again for the same job.
    Each repeat is a new candidate of the same job with the person's name, e-mail, phone and
    answers, applied a few minutes (a double submit) to ten days (they came back) after the
    first; Workwell does not deduplicate. 22 people applied twice and 2 three times on the 40
    store jobs, none disqualified; 4 more repeats were disqualified by the store manager with
    the reason "Duplicate application". Their own random stream, and ids after every other
    candidate's, so the rest is seasonal-40's records byte for byte."""
    rrng = random.Random(f"workwell:seasonal-40-repeats:{seed_value}:repeats")
    stores = {j.id for j in jobs[:40]}
    firsts = [cd for cd in cands if cd.job_id in stores and not cd.disqualified]
    people = rrng.sample(firsts, REPEAT_PAIRS + REPEAT_TRIPLES + REPEAT_DISQUALIFIED)
    next_id = w.cand_ids.next + 16
    plan = ([(p, 1, False) for p in people[:REPEAT_PAIRS]]
            + [(p, 2, False) for p in people[REPEAT_PAIRS:REPEAT_PAIRS + REPEAT_TRIPLES]]
            + [(p, 1, True) for p in people[REPEAT_PAIRS + REPEAT_TRIPLES:]])
    for first, times, dq in plan:
        last = first.created_at
        for _ in range(times):
            if rrng.random() < 0.5:
                created = last + timedelta(seconds=rrng.randint(30, 900))
            else:
                created = last + timedelta(days=rrng.randint(1, 10), seconds=rrng.randint(0, 86399))
            created = min(created, w.now - timedelta(hours=1, seconds=rrng.randint(0, 3600)))
            updated = created + timedelta(seconds=rrng.randint(0, int((w.now - created).total_seconds())))
            stage = rrng.choice(["applied", "applied", "applied", "phone-screen", "interview"])
            cd = Candidate(id=next_id, job_id=first.job_id, firstname=first.firstname, lastname=first.lastname,
                           email=first.email, phone=first.phone, headline=first.headline, stage=stage,
                           sourced=False, disqualified=dq,
                           disqualification_reason="Duplicate application" if dq else None,
                           disqualified_at=updated if dq else None,
                           answers=[dict(a) for a in first.answers], created_at=created, updated_at=updated)
            w.s.add(cd)
            next_id += rrng.randint(1, 3)
            last = created


class _Collect:
    """A stand-in session that keeps what the seeder adds (for `dataset_rows`)."""

    def __init__(self):
        self.rows: list = []

    def add(self, row) -> None:
        self.rows.append(row)

    def flush(self) -> None:
        pass


def dataset_rows(dataset: str, seed_value: int, now=None) -> list:
    """Every row (model instances) the seeder adds for a dataset and seed, without a database:
    other vendors' datasets replay Workwell's people from it."""
    from vendors.kit.clock import DEFAULT_BASE

    class _C:
        @staticmethod
        def now():
            return now or DEFAULT_BASE

    col = _Collect()
    seed(col, _C, dataset, seed_value)
    return col.rows


def emberton_160_rows(seed_value: int, now=None) -> tuple[list[Job], list[Candidate]]:
    """The jobs and candidates of `emberton-160` for a seed, without a database."""
    rows = dataset_rows("emberton-160", seed_value, now)
    return ([r for r in rows if isinstance(r, Job)], [r for r in rows if isinstance(r, Candidate)])


class _World:
    def __init__(self, s, rng: random.Random, now, stages: list[str]):
        self.s, self.rng, self.now, self.stages = s, rng, now, stages
        self.job_ids, self.cand_ids, self.offer_ids = _Ids(rng, 0x1a0), _Ids(rng, 0x40), _Ids(rng, 0xb0)
        self.serial = 0
        self.shortcodes: set[str] = set()

    def job(self, title: str, state: str, store: str | None, closed_days: int | None = None,
            department: str | None = None, city: str | None = None, country: str = "US") -> Job:
        rng = self.rng
        while True:
            sc = "".join(rng.choice("0123456789ABCDEF") for _ in range(10))
            if sc not in self.shortcodes:
                self.shortcodes.add(sc)
                break
        created = self.now - timedelta(days=rng.randint(60, 120), seconds=rng.randint(0, 86399))
        closed_at = self.now - timedelta(days=closed_days, seconds=rng.randint(0, 3600)) if closed_days else None
        fields = [{"key": "cost_center", "label": "Cost center", "value": f"CC-{rng.randint(100, 999)}"}]
        if store:
            fields.insert(0, {"key": "store_code", "label": "Store code", "value": store})
        j = Job(id=self.job_ids(), shortcode=sc, title=title, code=f"REQ-{rng.randint(1000, 9999)}", state=state,
                department=department or rng.choice(DEPARTMENTS), city=city or rng.choice(names.CITIES),
                country_code=country, custom_fields=fields, created_at=created,
                updated_at=closed_at or created + timedelta(days=rng.randint(0, 20)), closed_at=closed_at)
        self.s.add(j)
        return j

    def candidate(self, job: Job, stage: str, dq: bool, emberton: bool = False, with_offer: bool = True) -> Candidate:
        rng = self.rng
        self.serial += 1
        p = names.person(rng, self.serial)
        created = max(job.created_at, self.now - timedelta(days=rng.randint(1, 55), seconds=rng.randint(0, 86399)))
        updated = created + timedelta(seconds=rng.randint(0, int((self.now - created).total_seconds())))
        if emberton:
            answers = [{"question_key": "bleep_test_level", "question": "Bleep test level reached",
                        "answer": f"{rng.randint(5, 12)}.{rng.randint(1, 9)}"},
                       {"question_key": "ladder_climb_s", "question": "Ladder climb time (seconds)",
                        "answer": str(rng.randint(35, 120))},
                       {"question_key": "right_to_work", "question": QUESTIONS[0][1],
                        "answer": "yes" if rng.random() < 0.97 else "no"}]
        else:
            answers = [{"question_key": k, "question": q, "answer": rng.choice(["yes", "yes", "no"])}
                       for k, q in QUESTIONS]
        phone = None if emberton and rng.random() < 0.05 else p["phone"]
        cd = Candidate(id=self.cand_ids(), job_id=job.id, firstname=p["first_name"], lastname=p["last_name"],
                       email=p["email"], phone=phone, headline=rng.choice([None, "Retail professional",
                       "Student", "Career changer", "Team lead"]), stage=stage, sourced=stage == "sourced",
                       disqualified=dq, disqualification_reason=rng.choice(["Not eligible", "Withdrew",
                       "Underqualified", "Position filled"]) if dq else None,
                       disqualified_at=updated if dq else None, answers=answers, created_at=created,
                       updated_at=updated)
        self.s.add(cd)
        if stage == "hired" and with_offer:
            self.offer(cd, "accepted", self.now.date() + timedelta(days=rng.randint(3, 40)))
        elif stage == "offer" and with_offer:
            self.offer(cd, "sent", self.now.date() + timedelta(days=rng.randint(10, 50)))
        return cd

    def offer(self, cd: Candidate, status: str, start) -> Offer:
        off = Offer(id=self.offer_ids(), candidate_id=cd.id, status=status, start_date=start,
                    salary=self.rng.randrange(24000, 60000, 500), currency="USD",
                    created_at=cd.updated_at, updated_at=cd.updated_at)
        self.s.add(off)
        return off

    def _stage(self, stages: list[str]) -> str:
        return self.rng.choices(stages, weights=[STAGE_WEIGHTS[x] for x in stages])[0]

    def candidates_for(self, job: Job, n: int, dq_rate: float, stages: list[str] | None = None,
                       emberton: bool = False) -> list[Candidate]:
        stages = stages or self.stages
        return [self.candidate(job, self._stage(stages), self.rng.random() < dq_rate, emberton) for _ in range(n)]

    def candidates_spread(self, jobs: list[Job], n: int, dq_rate: float, stages: list[str] | None = None,
                          emberton: bool = False) -> list[Candidate]:
        """`n` candidates in id order, each on a random job (weighted to published jobs)."""
        self.s.flush()
        open_jobs = [j for j in jobs if j.state != "draft"] or jobs
        weights = [3 if j.state == "published" else 1 for j in open_jobs]
        stages = stages or self.stages
        return [self.candidate(self.rng.choices(open_jobs, weights=weights)[0], self._stage(stages),
                               self.rng.random() < dq_rate, emberton) for _ in range(n)]
