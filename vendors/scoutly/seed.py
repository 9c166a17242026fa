"""Scoutly datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("scoutly:<dataset>:<seed>")`
drives every draw; ids are UUIDs drawn from that stream; timestamps are offsets back from the
clock, at whole milliseconds. Every dataset is built by `_build(profile)`:

- jobs: `refNumber` unique per dataset, `location.name`/`city`, 2–3 screening questions of
  each type mix (TEXT, NUMBER, BOOLEAN, SINGLE_SELECT);
- candidates: names from vendors.kit.names, unique e-mails `first.last.<n>@domain`, ≈60 % with
  an `externalId` `EXT-<n>`, ≈5 % without a phone number;
- applications: one per (candidate, job), 1 (or 2 for ≈30 %) per candidate, status drawn from
  the profile's weights, screening answers for every question of the job (type-correct);
- created 1–120 days before the clock, updated between creation and 1 minute before the clock.

Datasets and their planted records:

small (50 candidates, 6 jobs) / large (5,000 candidates, 60 jobs)
    A generic recruiting team; statuses ≈ NEW 30 %, IN_REVIEW 20 %, INTERVIEW 15 %, OFFERED 8 %,
    HIRED 12 %, REJECTED 10 %, WITHDRAWN 5 %. No subscriptions.

empty
    Nothing at all (migrate-05 loads into it).

hotels-18 (build-08, Juniper Row Hotels)
    18 hotels (`location.name` "Juniper Row <City>"), each with a Housekeeping Attendant
    (`JR-<NN>-HK`) and a Front Desk Agent (`JR-<NN>-FD`) job: 36 jobs; 600 candidates, one
    application each. Exactly 90 applications are HIRED and 60 OFFERED (the pool the scenario's
    emit moves to HIRED), the rest spread over NEW/IN_REVIEW/INTERVIEW/REJECTED/WITHDRAWN.

hotels-18-signature (build-08 v2, Juniper Row Hotels moving two hotels to its Signature brand)
    `hotels-18` of the same seed, row for row (the same random stream), plus a rebadge under way:
    the two hotels whose Housekeeping Attendant job holds the most HIRED applications (ties by
    refNumber) take the name "Juniper Row Signature <City>". Their Front Desk Agent job already
    carries it (`location.name` changed, `updated_at` one day before the clock); their
    Housekeeping job still shows the old "Juniper Row <City>" (the scenario renames it later).
    So the account lists 20 location names for 18 hotels. `signature_hotels(seed)` names them.

voxline-2500 (fix-08, Voxline Contact Centres)
    2,500 candidates (every one with an `externalId` `VOX-<5 digits>`), 12 contact-centre jobs
    `VOX-<site>-<n>`, one application each, statuses as `small`. Updated stamps are spread over
    the last 30 days so that `sort=updatedOn&order=desc` differs from creation order.

arena (harden-04, Coppergate Arena stewards)
    900 candidates, 6 steward jobs (`CGA-ZONE-<A..F>`, `location.name` "Zone <X>"); one
    application each: 540 HIRED, 180 OFFERED, 120 INTERVIEW, 60 REJECTED. The account also holds
    the debris of an earlier deployment: one `pending` subscription (never activated, nothing is
    delivered to it) to the old accreditation host, with a signing key of its own, created 40
    days before the clock, so it is listed first. The live subscription is created by the
    scenario, not by the seed.

emberton-pilot (migrate-05, Emberton Fire & Rescue)
    What IT's pilot import left in the new account (`_emberton_pilot`; the Workwell rows come
    from Workwell's `emberton-160` of the same seed): the job of Workwell's first job (refNumber
    = its shortcode, same title) with no screening questions; three of that job's applicants
    (the first three in Workwell id order in a mapped stage and not disqualified: `externalId`
    = their Workwell id, same names, e-mails and phones), each with an application on it in
    status NEW without screening answers; and another campaign's job (`EFR-CSA-2025`,
    Community Safety Advocate, two screening questions) with 6 candidates and applications,
    none with an `externalId`.

vantage (migrate-11, Vantage Kitchens)
    300 candidates, 10 kitchen jobs (`VK-<n>`, 3 screening questions each), ≈420 applications with
    screening answers; statuses as `small`. The first 30 candidates in creation order
    (`vantage_pilot(seed)`) are the ones a Quarry pilot already holds (same e-mails).

vantage-70 (migrate-11 v1, Vantage Kitchens, scaled down)
    70 candidates, 4 kitchen jobs (`VK-1` … `VK-4`, 3 screening questions each), ≈100
    applications with screening answers; statuses as `small`. Quarry's `vantage-weekend` holds
    the first 30 in creation order (`vantage_pilot(seed, dataset="vantage-70")`).
"""
from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

from sqlalchemy import insert
from sqlalchemy.orm import Session

from vendors.kit.names import CITIES, EMAIL_DOMAINS, FIRST, LAST

from .models import KIT, Application, Candidate, Job, Subscription

GENERIC_WEIGHTS = {"NEW": 30, "IN_REVIEW": 20, "INTERVIEW": 15, "OFFERED": 8, "HIRED": 12, "REJECTED": 10,
                   "WITHDRAWN": 5}

QUESTION_BANK = [
    {"id": "q_rtw", "text": "Do you have the right to work in this country?", "type": "BOOLEAN"},
    {"id": "q_years", "text": "Years of relevant experience", "type": "NUMBER"},
    {"id": "q_shift", "text": "Preferred shift", "type": "SINGLE_SELECT", "options": ["early", "late", "night"]},
    {"id": "q_why", "text": "Why do you want this role?", "type": "TEXT"},
    {"id": "q_fitness", "text": "Physical test score (0-100)", "type": "NUMBER"},
    {"id": "q_licence", "text": "Do you hold a driving licence?", "type": "BOOLEAN"},
]
ANSWER_TEXTS = ["I enjoy working with people.", "Looking for a change.", "Close to home.",
                "I have done this before and loved it.", "Career growth."]


@dataclass
class Profile:
    candidates: int
    jobs: list[dict]  # {ref, title, department, location_name, location_city}
    weights: dict[str, int] = field(default_factory=lambda: dict(GENERIC_WEIGHTS))
    second_app_share: float = 0.3
    external_prefix: str | None = "EXT"
    external_share: float = 0.6
    exact_statuses: dict[str, int] | None = None  # exact counts, one application per candidate
    questions: tuple[int, int] = (2, 3)
    updated_spread_days: int | None = None


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _generic_jobs(rng: random.Random, n: int, prefix: str) -> list[dict]:
    titles = ["Software Engineer", "Account Executive", "Customer Support Agent", "Warehouse Associate",
              "Data Analyst", "HR Coordinator", "Line Cook", "Registered Nurse", "Store Manager", "Electrician"]
    depts = ["Engineering", "Sales", "Support", "Operations", "People", "Finance"]
    out = []
    for i in range(n):
        city = rng.choice(CITIES)
        out.append({"ref": f"{prefix}-{1001 + i}", "title": rng.choice(titles), "department": rng.choice(depts),
                    "location_name": f"{city} Office", "location_city": city})
    return out


def _profile(dataset: str, rng: random.Random) -> Profile | None:
    if dataset == "small":
        return Profile(50, _generic_jobs(rng, 6, "REQ"))
    if dataset == "large":
        return Profile(5000, _generic_jobs(rng, 60, "REQ"))
    if dataset in ("empty", "emberton-pilot"):
        return None
    if dataset == "hotels-18":
        cities = sorted(rng.sample(CITIES, 18))
        jobs = []
        for n, city in enumerate(cities, 1):
            for code, title, dept in (("HK", "Housekeeping Attendant", "Housekeeping"),
                                      ("FD", "Front Desk Agent", "Front Office")):
                jobs.append({"ref": f"JR-{n:02d}-{code}", "title": title, "department": dept,
                             "location_name": f"Juniper Row {city}", "location_city": city})
        return Profile(600, jobs, second_app_share=0.0, external_prefix=None,
                       exact_statuses={"HIRED": 90, "OFFERED": 60, "NEW": 150, "IN_REVIEW": 120, "INTERVIEW": 100,
                                       "REJECTED": 60, "WITHDRAWN": 20})
    if dataset == "voxline-2500":
        sites = ["LDS", "GLA", "CRK", "MAN"]
        jobs = [{"ref": f"VOX-{sites[i % 4]}-{i + 1}", "title": rng.choice(["Contact Centre Agent", "Team Lead",
                                                                           "Quality Analyst"]),
                 "department": "Contact Centre", "location_name": f"Voxline {sites[i % 4]}",
                 "location_city": rng.choice(CITIES)} for i in range(12)]
        return Profile(2500, jobs, second_app_share=0.0, external_prefix="VOX", external_share=1.0,
                       updated_spread_days=30)
    if dataset == "arena":
        jobs = [{"ref": f"CGA-ZONE-{z}", "title": "Event Steward", "department": "Stewarding",
                 "location_name": f"Zone {z}", "location_city": "Coppergate"} for z in "ABCDEF"]
        return Profile(900, jobs, second_app_share=0.0, external_prefix=None,
                       exact_statuses={"HIRED": 540, "OFFERED": 180, "INTERVIEW": 120, "REJECTED": 60})
    if dataset == "vantage":
        jobs = [{"ref": f"VK-{i + 1}", "title": rng.choice(["Line Cook", "Sous Chef", "Kitchen Porter", "Pastry Chef"]),
                 "department": "Kitchens", "location_name": f"Vantage {city}", "location_city": city}
                for i, city in enumerate(rng.sample(CITIES, 10))]
        return Profile(300, jobs, second_app_share=0.4, questions=(3, 3))
    if dataset == "vantage-70":
        jobs = [{"ref": f"VK-{i + 1}", "title": title, "department": "Kitchens", "location_name": f"Vantage {city}",
                 "location_city": city}
                for i, (title, city) in enumerate(zip(["Line Cook", "Sous Chef", "Kitchen Porter", "Pastry Chef"],
                                                      rng.sample(CITIES, 4)))]
        return Profile(70, jobs, second_app_share=0.4, questions=(3, 3))
    raise ValueError(dataset)


def _answer(rng: random.Random, q: dict):
    t = q["type"]
    if t == "BOOLEAN":
        return rng.random() < 0.85
    if t == "NUMBER":
        return rng.randint(0, 100) if q["id"] == "q_fitness" else rng.randint(0, 15)
    if t == "SINGLE_SELECT":
        return rng.choice(q["options"])
    return rng.choice(ANSWER_TEXTS)


def _ms(td: timedelta) -> timedelta:
    return timedelta(milliseconds=int(td.total_seconds() * 1000))


def seed(s: Session, c, dataset: str, seed_: int) -> None:
    job_rows, cand_rows, app_rows = generate(dataset, seed_, c.now())
    if job_rows:
        s.execute(insert(Job), job_rows)
    if cand_rows:
        s.execute(insert(Candidate), cand_rows)
    if app_rows:
        s.execute(insert(Application), app_rows)
    if dataset == "arena":
        _arena_debris(s, seed_, c.now())
    if dataset == "emberton-pilot":
        _emberton_pilot(s, seed_, c.now())


EMBERTON_MAPPED = ("sourced", "applied", "phone-screen", "assessment", "interview", "offer", "hired")


def emberton_pilot_people(seed_: int) -> tuple[object, list]:
    """The Workwell job and the three applicants the `emberton-pilot` account holds."""
    from vendors.workwell.seed import emberton_160_rows

    jobs, cands = emberton_160_rows(seed_)
    job = jobs[0]
    people = [cd for cd in sorted(cands, key=lambda x: x.id)
              if cd.job_id == job.id and cd.stage in EMBERTON_MAPPED and not cd.disqualified][:3]
    return job, people


def _emberton_pilot(s: Session, seed_: int, now) -> None:
    rng = random.Random(f"scoutly:emberton-pilot:{seed_}")
    job, people = emberton_pilot_people(seed_)
    pilot_at = now - _ms(timedelta(days=9, seconds=rng.uniform(0, 3600)))
    pilot_job = {"id": _uuid(rng), "ref_number": job.shortcode, "title": job.title, "department": "Operations",
                 "location_name": None, "location_city": "Emberton", "status": "SOURCING",
                 "screening_questions": [], "created_at": pilot_at, "updated_at": pilot_at}
    other_at = now - _ms(timedelta(days=80, seconds=rng.uniform(0, 3600)))
    other_job = {"id": _uuid(rng), "ref_number": "EFR-CSA-2025", "title": "Community Safety Advocate",
                 "department": "Prevention", "location_name": "Emberton HQ", "location_city": "Emberton",
                 "status": "INTERVIEW", "screening_questions": [dict(QUESTION_BANK[0]), dict(QUESTION_BANK[5])],
                 "created_at": other_at, "updated_at": other_at}
    s.execute(insert(Job), [pilot_job, other_job])
    cands, apps = [], []
    for i, cd in enumerate(people):
        at = pilot_at + timedelta(seconds=5 + i)
        cid = _uuid(rng)
        cands.append({"id": cid, "first_name": cd.firstname, "last_name": cd.lastname, "email": cd.email,
                      "phone": cd.phone, "city": "Emberton", "external_id": format(cd.id, "x"),
                      "created_at": at, "updated_at": at})
        apps.append({"id": _uuid(rng), "candidate_id": cid, "job_id": pilot_job["id"], "status": "NEW",
                     "status_changed_at": at, "screening_answers": [], "created_at": at, "updated_at": at})
    for i in range(6):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        at = other_at + _ms(timedelta(days=rng.uniform(1, 30)))
        cid = _uuid(rng)
        cands.append({"id": cid, "first_name": first, "last_name": last,
                      "email": f"{first}.{last}.{i + 1}@{rng.choice(EMAIL_DOMAINS)}".lower(),
                      "phone": f"+44-7700-{rng.randint(100000, 999999)}", "city": "Emberton", "external_id": None,
                      "created_at": at, "updated_at": at})
        apps.append({"id": _uuid(rng), "candidate_id": cid, "job_id": other_job["id"],
                     "status": rng.choice(["NEW", "IN_REVIEW", "INTERVIEW"]), "status_changed_at": at,
                     "screening_answers": [{"questionId": "q_rtw", "answer": True},
                                           {"questionId": "q_licence", "answer": rng.random() < 0.7}],
                     "created_at": at, "updated_at": at})
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


ARENA_OLD_CALLBACK = "https://accreditation-old.coppergate-arena.example/scoutly/events"


def _arena_debris(s: Session, seed_: int, now) -> None:
    """arena: the pending subscription an earlier deployment left behind (its own signing key)."""
    rng = random.Random(f"scoutly:arena:{seed_}:debris")
    sub_id = _uuid(rng)
    created = now - _ms(timedelta(days=40, seconds=rng.uniform(0, 3600)))
    tried = created + timedelta(seconds=2)
    s.add(Subscription(id=sub_id, callback_url=ARENA_OLD_CALLBACK, events=["*"], status="pending",
                       handshake_attempts=1, last_handshake_at=tried, last_handshake_ms=10000.0,
                       last_handshake_error="callback did not answer within 10 s", activated_at=None,
                       created_at=created, updated_at=tried))
    s.add(KIT.WebhookSubscription(id=sub_id, url=ARENA_OLD_CALLBACK, events=["*"],
                                  secret="sk_" + "%032x" % rng.getrandbits(128), active=False, created_at=created))
    s.flush()


# Datasets that are another dataset's rows (same random stream) with records planted on top.
DERIVED = {"hotels-18-signature": "hotels-18"}
SIGNATURE_PREFIX = "Juniper Row Signature "


def _signature_rebadge(job_rows: list[dict], app_rows: list[dict], now) -> list[dict]:
    """hotels-18-signature: the two hotels moving to the Signature brand; their Front Desk job
    already renamed. Returns the Housekeeping jobs still to rename (old names)."""
    hired = {}
    for a in app_rows:
        if a["status"] == "HIRED":
            hired[a["job_id"]] = hired.get(a["job_id"], 0) + 1
    hk = [j for j in job_rows if j["ref_number"].endswith("-HK")]
    picked = sorted(hk, key=lambda j: (-hired.get(j["id"], 0), j["ref_number"]))[:2]
    for j in picked:
        fd = next(x for x in job_rows if x["ref_number"] == j["ref_number"][:-3] + "-FD")
        fd["location_name"] = SIGNATURE_PREFIX + fd["location_city"]
        fd["updated_at"] = max(fd["updated_at"], now - timedelta(days=1, seconds=1234, milliseconds=567))
    return sorted(picked, key=lambda j: j["ref_number"])


def signature_hotels(seed_: int) -> list[dict]:
    """hotels-18-signature: the hotels being rebadged, as {hk_ref, fd_ref, old_name, new_name}."""
    from vendors.kit.clock import DEFAULT_BASE

    rng = random.Random(f"scoutly:hotels-18:{seed_}")
    rows = _rows(_profile("hotels-18", rng), rng, DEFAULT_BASE, "hotels-18")
    return [{"hk_ref": j["ref_number"], "fd_ref": j["ref_number"][:-3] + "-FD", "old_name": j["location_name"],
             "new_name": SIGNATURE_PREFIX + j["location_city"]}
            for j in _signature_rebadge(rows[0], rows[2], DEFAULT_BASE)]


def generate(dataset: str, seed_: int, now) -> tuple[list[dict], list[dict], list[dict]]:
    """The rows of a dataset (jobs, candidates, applications) — a pure function of its inputs,
    so other vendors' datasets can reproduce Scoutly people (e.g. a Quarry pilot of `vantage`)."""
    base = DERIVED.get(dataset, dataset)
    rng = random.Random(f"scoutly:{base}:{seed_}")
    profile = _profile(base, rng)
    if profile is None:
        return [], [], []
    job_rows, cand_rows, app_rows = _rows(profile, rng, now, base)
    if dataset == "hotels-18-signature":
        _signature_rebadge(job_rows, app_rows, now)
    return job_rows, cand_rows, app_rows


def _rows(profile: Profile, rng: random.Random, now, dataset: str) -> tuple[list[dict], list[dict], list[dict]]:
    lo, hi = profile.questions

    job_rows = []
    for j in profile.jobs:
        created = now - _ms(timedelta(days=rng.uniform(60, 180)))
        qs = [dict(q) for q in rng.sample(QUESTION_BANK, rng.randint(lo, hi))]
        job_rows.append({"id": _uuid(rng), "ref_number": j["ref"], "title": j["title"], "department": j["department"],
                         "location_name": j["location_name"], "location_city": j["location_city"],
                         "status": rng.choice(["SOURCING", "SOURCING", "INTERVIEW", "OFFER"]),
                         "screening_questions": qs, "created_at": created,
                         "updated_at": created + _ms(timedelta(days=rng.uniform(0, 50)))})

    statuses: list[str] | None = None
    if profile.exact_statuses:
        statuses = [st for st, n in profile.exact_statuses.items() for _ in range(n)]
        assert len(statuses) == profile.candidates, dataset
        rng.shuffle(statuses)
    names, weights = list(profile.weights), list(profile.weights.values())

    cand_rows, app_rows = [], []
    for i in range(profile.candidates):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        created = now - _ms(timedelta(days=rng.uniform(1, 120)))
        span = (now - timedelta(minutes=1) - created).total_seconds()
        if profile.updated_spread_days:
            span = min(span, profile.updated_spread_days * 86400.0)
            updated = now - timedelta(minutes=1) - _ms(timedelta(seconds=rng.uniform(0, span)))
            updated = max(updated, created)
        else:
            updated = created + _ms(timedelta(seconds=rng.uniform(0, span)))
        ext = None
        if profile.external_prefix and rng.random() < profile.external_share:
            ext = f"{profile.external_prefix}-{10000 + i}"
        cand = {"id": _uuid(rng), "first_name": first, "last_name": last,
                "email": f"{first}.{last}.{i + 1}@{rng.choice(EMAIL_DOMAINS)}".lower(),
                "phone": None if rng.random() < 0.05 else f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
                "city": rng.choice(CITIES), "external_id": ext, "created_at": created, "updated_at": updated}
        cand_rows.append(cand)
        n_apps = 2 if (statuses is None and rng.random() < profile.second_app_share and len(job_rows) > 1) else 1
        for job in rng.sample(job_rows, n_apps):
            status = statuses[i] if statuses is not None else rng.choices(names, weights)[0]
            a_created = created + _ms(timedelta(seconds=rng.uniform(0, 3600)))
            a_updated = max(a_created, updated)
            app_rows.append({"id": _uuid(rng), "candidate_id": cand["id"], "job_id": job["id"], "status": status,
                             "status_changed_at": a_updated if status != "NEW" else a_created,
                             "screening_answers": [{"questionId": q["id"], "answer": _answer(rng, q)}
                                                   for q in job["screening_questions"]],
                             "created_at": a_created, "updated_at": a_updated})

    return job_rows, cand_rows, app_rows


def pilot_candidates(rows: list[dict], n: int = 30) -> list[dict]:
    """vantage: the first `n` candidates in creation order (created_at, id)."""
    return sorted(rows, key=lambda r: (r["created_at"], r["id"]))[:n]


def vantage_pilot(seed_: int, now=None, n: int = 30, dataset: str = "vantage") -> list[dict]:
    """The 30 `vantage` candidates a Quarry pilot already holds (ids, names, e-mails, phones).
    Creation order does not depend on the clock, so `now` only shifts their timestamps."""
    from vendors.kit.clock import DEFAULT_BASE

    return pilot_candidates(generate(dataset, seed_, now or DEFAULT_BASE)[1], n)
