"""HireHarbor's task datasets (TASKS.md). Each is a deterministic function of the RNG
(`hireharbor:<dataset>:<seed>`) and the clock the seeder sees; ids are assigned from 1 in
insertion order unless stated. Every dataset has user 1 = admin `admin@<domain>` and the
custom fields of `small` (candidate `linkedin_url`; application `bg_provider`, `bg_status`,
`bg_completed_on`; job `requisition_id`) — skyguard adds application `bg_ordered_on`.

calder-1 (build-04, University of Calder Valley faculty searches)
    70 users: 1 admin, 2 `integrations@calder.example` (integration), 3–50 HR staff and
    faculty, **51–58 the eight committee chairs** (`CHAIRS`, e-mail `first.last@calder.example`, role hiring_manager; on page 2 of /users at
    the default per_page), 59–70 more faculty. `calder_chairs()` lists (job_id, chair user id,
    chair e-mail): the chair of job j is user 50 + j. Two namesakes of chairs sit on page 1
    (`CALDER_NAMESAKES`): user 17 "Tobias Rennard" (`t.rennard@calder.example`, a recruiter)
    and user 33 "Wei Lindqvist" (`wei.lindqvist.33@calder.example`, a coordinator), so a
    chair found by name instead of e-mail is the wrong user.
    8 jobs "Assistant Professor of <field>" (requisition_id `CVU-F<100+j>`), each with the
    stages Application Review, Phone Screen, Committee Review, Campus Visit, Offer (names repeat,
    ids differ: job j's stages are 5j-4 … 5j).
    20 applications per job (160, one candidate each, ids in job order), per job in order:
    8 active in Committee Review, 2 rejected in Committee Review, 2 active in Campus Visit,
    1 active at Offer, 4 active in Application Review, 3 active in Phone Screen.

film-crew (fix-04, Stillwater Pictures crew hiring for "Harbour Lights")
    users 1 admin, 2 `crew-tracker@stillwater.example` (integration), 3–10 coordinators.
    6 jobs = departments Camera, Grip, Sound, Electric, Art, Costume ("Harbour Lights - <Dept>
    crew", plain ASCII, department = <Dept>); stages Applied, Interview, Trial Day, Offer.
    60 candidates, one application each (application id = candidate id). Candidates 1–6 carry
    non-ASCII names: 1 Zoë Ångström (Sound, sound mixer), 2 José Núñez, 3 Søren Kierkegård,
    4 Chloé Lefèvre, 5 Jürgen Müller, 6 Łucja Wróbel. Applications 1–40 are active at Applied
    or Interview (the scenario's 40 events; 7–11 are suggested for the twice-changed five);
    41–60: 10 rejected, 5 hired, 5 active at Trial Day.

skyguard (migrate-09, Skyguard Screening airport security officers)
    users 1 admin, 2 `screening-bot@skyguard.example` (integration), 3–8 recruiters.
    4 jobs "Airport Security Officer — <airport>"; stages Application Review, Interview, Offer.
    Application custom field `bg_ordered_on` (ISO date) is added. 80 candidates, one
    application each; applications 1–60 are in scope (active at Offer, or hired 5–85 days
    before the clock); 61–80 are not (active earlier stages, rejected, or hired 100–300 days
    ago). Of 1–60, in order:
    - 1–18 legacy complete and clear within 12 months: bg_provider `Vantage`, bg_status one
      of `Clear`, `CLEARED`, `clr`, `Cleared`, bg_completed_on 20–350 days ago, alternately
      `MM/DD/YYYY` (day of month ≤ 12 for half of them, ambiguous on purpose) and ISO;
    - 19–26 legacy complete but older than 12 months (380–600 days ago), same formats;
    - 27–38 legacy in flight for more than 14 days: bg_status `In Progress`/`pending`/
      `Submitted`, bg_ordered_on 16–60 days ago, no bg_completed_on;
    - 39–48 legacy in flight ≤ 14 days: bg_ordered_on 2–13 days ago (39–43 at 11–13 days,
      which cross 14 days after the scenario's +3 d);
    - 49–57 complete without a date: bg_status `Clear`, no bg_completed_on (→ no check);
    - 58–60 no background-check fields at all.

helix (migrate-10, Helix Genomics)
    users 1 admin, 2 `integrations@helix.example`, 3–10 recruiters. 6 jobs (stages as small).
    120 candidates with sparse ids: a sorted sample of 300–899 that always contains 417
    (the zero-padded "000417" of the task); 1–2 applications each. updated_at 2–200 days
    before the clock. Three duplicates merged 30-42 hours before the clock (`helix_merges`:
    (winner, loser) pairs; the loser has the winner's name, keeps its row with merged_into,
    its e-mail is added to the winner's and its applications move; both stamped then). The Conflux `helix` dataset should mirror these (import
    `vendors.hireharbor.seed_tasks.helix_candidate_ids(seed)` for the id set).

coop (harden-03, Meadowlark Dairy Co-op)
    users 1 admin, 2 `bridge@meadowlark.example` (integration, the bridge's actor), 3–8
    recruiters. 4 open jobs "Seasonal Milker — <farm>" (requisition_id `MDC-<farm code>`):
    1 Hollow Lane (MDC-HLW), 2 Brookside (MDC-BRK), 3 Meadowlark Home (MDC-MDW), 4 Ridgeway
    (MDC-RDG); stages Application Review, Phone Screen, Farm Trial, Offer. 1200 candidates:
    ids 1–30 are 26 others (`first.last.<500+i>@…`, every second one with an application) and, at ids 7,
    13, 19, 25, the returning milkers of Workwell's `dairy` (`DAIRY_RETURNING`): 7 already
    has an application to job 1 (the job Workwell has them on), 13 one to job 3 (Workwell has
    them on job 2), 19 carries the Workwell address as its *second* e-mail, in mixed case,
    after an old address (no application), 25 has no application (Workwell gets them only in
    the scenario). Ids 31–1200 are the rest of the co-op's talent pool (`COOP_POOL`; every
    eighth with an old application at the first stage of job 1 + (id // 8) % 4), so the
    candidate list is twelve full pages. The account's e-mail index trails creations by 10 s
    (more than the docs' "a few seconds" of a small account), and the `email_taken` check reads
    that index too: the reset sets `search_lag_s: 10, email_check_lag: true`
    (`DATASET_SETTINGS`; a scenario may change them with vendor_config).

apotek-jobs (migrate-03, Apotek Vale Pharmacies)
    users 1 admin, 2 `migration@apotekvale.example` (integration), 3–12 recruiters.
    56 jobs "Pharmacist — Apotek Vale <n>" with requisition_id `AV-<n>` for n in 101–160
    except 117, 133, 142, 158 (no job → the migration's `no_job`); stages Application Review,
    Phone Screen, Face to Face, Offer. No candidates.
apotek-pilot (migrate-03 v2) — apotek-jobs plus the debris of a pilot run 60 days before the
    clock (`APOTEK_PILOT`): for requisitions AV-111, AV-130, AV-146 (Jobsmith jobs 11, 30,
    46) the Jobsmith apotek records (same seed) with an e-mail that applied before the pilot
    became one candidate per person (ids 1–12: names, the record's e-mail as typed, stripped
    but re-cased, the record's phone as formatted) and one application each (ids 1–12),
    `applied_at` = the pilot's import time (15:12Z that day plus 9 s per row), not the
    Jobsmith day. Recruiters moved some on since (`APOTEK_PILOT_STAGES`, by Jobsmith person:
    Phone Screen, Face to Face, Offer, one rejected "Withdrew"); the rest sit in Application
    Review. Left out by the pilot: the e-mail-less records and the records after its day on
    those jobs.
"""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert, update

from vendors.kit.names import person

from .models import Application, Candidate, CustomField, Job, Stage, User
from .generator import ago

FIELDS = ["Chemistry", "History", "Computer Science", "Economics", "Linguistics", "Physics", "Sociology", "Music"]


def _users(s, rng, now, domain: str, integration: str, n: int, role: str = "recruiter",
           special: dict[int, dict] | None = None) -> list[dict]:
    rows = [{"id": 1, "first_name": "Harbor", "last_name": "Admin", "email": f"admin@{domain}", "role": "admin"},
            {"id": 2, "first_name": "Integration", "last_name": "User", "email": f"{integration}@{domain}",
             "role": "integration"}]
    for i in range(3, n + 1):
        if special and i in special:
            rows.append({"id": i, **special[i]})
            continue
        p = person(rng, i)
        rows.append({"id": i, "first_name": p["first_name"], "last_name": p["last_name"],
                     "email": f"{p['first_name']}.{p['last_name']}.{i}@{domain}".lower(), "role": role})
    for u in rows:
        u["disabled"] = False
        u["created_at"] = u["updated_at"] = ago(now, rng, 400, 800)
    s.execute(insert(User), rows)
    return rows


def _custom_fields(s, extra: list[dict] = ()) -> None:
    rows = [
        {"object_type": "candidate", "key": "linkedin_url", "name": "LinkedIn URL"},
        {"object_type": "application", "key": "bg_provider", "name": "Background check provider"},
        {"object_type": "application", "key": "bg_status", "name": "Background check status"},
        {"object_type": "application", "key": "bg_completed_on", "name": "Background check completed on"},
        {"object_type": "job", "key": "requisition_id", "name": "Requisition ID"},
        *extra,
    ]
    s.execute(insert(CustomField), [{"id": i, "field_type": "short_text", **r} for i, r in enumerate(rows, 1)])


def _jobs(s, rng, now, specs: list[dict], stage_names: list[str]) -> dict[int, list[int]]:
    jobs, stages, ids = [], [], {}
    for j, spec in enumerate(specs, 1):
        created = ago(now, rng, 100, 300)
        jobs.append({"id": j, "status": "open", "office": None, "custom_fields": {}, **spec,
                     "created_at": created, "updated_at": created})
        ids[j] = []
        for pr, name in enumerate(stage_names):
            stages.append({"id": len(stages) + 1, "job_id": j, "name": name, "priority": pr})
            ids[j].append(len(stages))
    s.execute(insert(Job), jobs)
    s.execute(insert(Stage), stages)
    return ids


def _candidate(rng, now, i: int, first=None, last=None, cid=None) -> dict:
    p = person(rng, i)
    created = ago(now, rng, 20, 200)
    return {"id": cid or i, "first_name": first or p["first_name"], "last_name": last or p["last_name"],
            "company": None, "title": None, "emails": [p["email"]], "phone_numbers": [p["phone"]],
            "custom_fields": {}, "merged_into": None, "created_at": created, "updated_at": created}


def _application(aid, cand: dict, job_id, stage_id, status="active", cf=None, hired_at=None,
                 rejected_at=None, reason=None) -> dict:
    applied = cand["created_at"]
    updated = max(x for x in (applied, hired_at, rejected_at) if x is not None)
    return {"id": aid, "candidate_id": cand["id"], "job_id": job_id, "current_stage_id": stage_id, "status": status,
            "source": None, "rejection_reason": reason, "custom_fields": cf or {}, "applied_at": applied,
            "rejected_at": rejected_at, "hired_at": hired_at, "created_at": applied, "updated_at": updated}


# --- calder-1 --------------------------------------------------------------------------------

CHAIRS = [("Imogen", "Achterberg"), ("Tobias", "Rennard"), ("Priya", "Venkataraman"), ("Maren", "Solberg"),
          ("Osei", "Darko"), ("Helena", "Marchetti"), ("Wei", "Lindqvist"), ("Ruth", "Abernethy")]


def calder_chairs() -> list[tuple[int, int, str]]:
    """(job_id, chair user id, chair e-mail) for calder-1 (independent of seed and clock)."""
    return [(j, 50 + j, f"{CHAIRS[j - 1][0]}.{CHAIRS[j - 1][1]}@calder.example".lower()) for j in range(1, 9)]


# users that share a chair's name (renamed after the draw, so every other row keeps its values)
CALDER_NAMESAKES = {17: {"first_name": "Tobias", "last_name": "Rennard", "email": "t.rennard@calder.example",
                         "role": "recruiter"},
                    33: {"first_name": "Wei", "last_name": "Lindqvist", "email": "wei.lindqvist.33@calder.example",
                         "role": "coordinator"}}


def calder(s, rng, now, seed):
    chairs = {uid: {"first_name": CHAIRS[j - 1][0], "last_name": CHAIRS[j - 1][1], "email": email,
                    "role": "hiring_manager"} for j, uid, email in calder_chairs()}
    _users(s, rng, now, "calder.example", "integrations", 70, special=chairs)
    for uid, values in CALDER_NAMESAKES.items():
        s.execute(update(User).where(User.id == uid).values(**values))
    _custom_fields(s)
    stages = _jobs(s, rng, now, [{"name": f"Assistant Professor of {f}", "department": f,
                                  "custom_fields": {"requisition_id": f"CVU-F{100 + j}"}}
                                 for j, f in enumerate(FIELDS, 1)],
                   ["Application Review", "Phone Screen", "Committee Review", "Campus Visit", "Offer"])
    plan = [(2, "active")] * 8 + [(2, "rejected")] * 2 + [(3, "active")] * 2 + [(4, "active")] + \
           [(0, "active")] * 4 + [(1, "active")] * 3
    cands, apps = [], []
    for j in range(1, 9):
        for k, (st, status) in enumerate(plan):
            cand = _candidate(rng, now, len(cands) + 1)
            cands.append(cand)
            rej = cand["created_at"] + dt.timedelta(days=5) if status == "rejected" else None
            apps.append(_application(len(apps) + 1, cand, j, stages[j][st], status, rejected_at=rej,
                                     reason="Other" if rej else None))
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


# --- film-crew -------------------------------------------------------------------------------

CREW_DEPTS = ["Camera", "Grip", "Sound", "Electric", "Art", "Costume"]
CREW_NON_ASCII = [("Zoë", "Ångström", "Sound"), ("José", "Núñez", "Camera"), ("Søren", "Kierkegård", "Grip"),
                  ("Chloé", "Lefèvre", "Art"), ("Jürgen", "Müller", "Electric"), ("Łucja", "Wróbel", "Costume")]


def film_crew(s, rng, now, seed):
    _users(s, rng, now, "stillwater.example", "crew-tracker", 10, role="coordinator")
    _custom_fields(s)
    stages = _jobs(s, rng, now, [{"name": f"Harbour Lights - {d} crew", "department": d} for d in CREW_DEPTS],
                   ["Applied", "Interview", "Trial Day", "Offer"])
    cands, apps = [], []
    for i in range(1, 61):
        if i <= 6:
            first, last, dept = CREW_NON_ASCII[i - 1]
        else:
            first, last, dept = None, None, rng.choice(CREW_DEPTS)
        cand = _candidate(rng, now, i, first, last)
        cands.append(cand)
        job = CREW_DEPTS.index(dept) + 1
        if i <= 40:
            apps.append(_application(i, cand, job, stages[job][rng.randint(0, 1)]))
        elif i <= 50:
            apps.append(_application(i, cand, job, stages[job][1], "rejected",
                                     rejected_at=cand["created_at"] + dt.timedelta(days=3), reason="Other"))
        elif i <= 55:
            apps.append(_application(i, cand, job, stages[job][3], "hired",
                                     hired_at=cand["created_at"] + dt.timedelta(days=9)))
        else:
            apps.append(_application(i, cand, job, stages[job][2]))
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


# --- skyguard --------------------------------------------------------------------------------

AIRPORTS = ["LHR Terminal 2", "MAN Terminal 1", "EDI Main", "BHX Main"]


def _bg_date(rng, now, lo, hi, k: int) -> str:
    d = (now - dt.timedelta(days=rng.randint(lo, hi))).date()
    if k % 2 == 0:
        return d.isoformat()
    if k % 4 == 1:  # ambiguous MM/DD/YYYY: move the day of month to ≤ 12
        d = d.replace(day=min(d.day, 12))
    return f"{d.month:02d}/{d.day:02d}/{d.year:04d}"


def skyguard(s, rng, now, seed):
    _users(s, rng, now, "skyguard.example", "screening-bot", 8)
    _custom_fields(s, [{"object_type": "application", "key": "bg_ordered_on", "name": "Background check ordered on"}])
    stages = _jobs(s, rng, now, [{"name": f"Airport Security Officer — {a}", "department": "Security"}
                                 for a in AIRPORTS], ["Application Review", "Interview", "Offer"])
    cands, apps = [], []
    for i in range(1, 81):
        cand = _candidate(rng, now, i)
        cand["created_at"] = cand["updated_at"] = ago(now, rng, 100, 400)
        cands.append(cand)
        job = rng.randint(1, 4)
        cf: dict[str, str] = {}
        if i <= 18:
            cf = {"bg_provider": "Vantage", "bg_status": rng.choice(["Clear", "CLEARED", "clr", "Cleared"]),
                  "bg_completed_on": _bg_date(rng, now, 20, 350, i)}
        elif i <= 26:
            cf = {"bg_provider": "Vantage", "bg_status": rng.choice(["Clear", "CLEARED"]),
                  "bg_completed_on": _bg_date(rng, now, 380, 600, i)}
        elif i <= 38:
            cf = {"bg_provider": "Vantage", "bg_status": rng.choice(["In Progress", "pending", "Submitted"]),
                  "bg_ordered_on": (now - dt.timedelta(days=rng.randint(16, 60))).date().isoformat()}
        elif i <= 48:
            days = rng.randint(11, 13) if i <= 43 else rng.randint(2, 10)
            cf = {"bg_provider": "Vantage", "bg_status": rng.choice(["In Progress", "pending"]),
                  "bg_ordered_on": (now - dt.timedelta(days=days)).date().isoformat()}
        elif i <= 57:
            cf = {"bg_provider": "Vantage", "bg_status": "Clear"}
        if i <= 60:
            if i % 3 == 0:
                app = _application(i, cand, job, stages[job][2], "hired", cf,
                                   hired_at=now - dt.timedelta(days=rng.randint(5, 85)))
            else:
                app = _application(i, cand, job, stages[job][2], "active", cf)
        else:
            kind = i % 3
            if kind == 0:
                app = _application(i, cand, job, stages[job][rng.randint(0, 1)])
            elif kind == 1:
                app = _application(i, cand, job, stages[job][1], "rejected",
                                   rejected_at=cand["created_at"] + dt.timedelta(days=4), reason="Other")
            else:
                app = _application(i, cand, job, stages[job][2], "hired",
                                   hired_at=now - dt.timedelta(days=rng.randint(100, 300)))
        apps.append(app)
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


# --- helix -----------------------------------------------------------------------------------

def helix_candidate_ids(seed: int) -> list[int]:
    r = random.Random(f"hireharbor:helix-ids:{seed}")
    ids = set(r.sample([x for x in range(300, 900) if x != 417], 119)) | {417}
    return sorted(ids)


def helix(s, rng, now, seed):
    _users(s, rng, now, "helix.example", "integrations", 10)
    _custom_fields(s)
    stages = _jobs(s, rng, now, [{"name": n, "department": "Genomics"} for n in
                                 ["Bioinformatician", "Lab Technician", "Research Scientist", "Data Engineer",
                                  "Genetic Counsellor", "Lab Manager"]],
                   ["Application Review", "Recruiter Screen", "Face to Face", "Offer"])
    ids = helix_candidate_ids(seed)
    cands, apps = [], []
    for n, cid in enumerate(ids, 1):
        cand = _candidate(rng, now, n, cid=cid)
        cand["updated_at"] = ago(now, rng, 2, 200)
        cand["created_at"] = min(cand["created_at"], cand["updated_at"])
        cands.append(cand)
        for job in rng.sample(range(1, 7), rng.choice([1, 1, 2])):
            apps.append(_application(len(apps) + 1, cand, job, stages[job][rng.randint(0, 2)]))
    # duplicates recruiters merged 1-2 days before the clock (after Conflux's last sync)
    by_id = {c["id"]: c for c in cands}
    for k, (winner, loser) in enumerate(helix_merges(seed)):
        w, l_ = by_id[winner], by_id[loser]
        when = now - dt.timedelta(hours=30 + 6 * k)
        l_["first_name"], l_["last_name"] = w["first_name"], w["last_name"]
        l_["merged_into"], l_["updated_at"] = winner, when
        w["emails"] = list(w["emails"]) + [e for e in l_["emails"] if e not in w["emails"]]
        w["updated_at"] = when
        for a in apps:
            if a["candidate_id"] == loser:
                a["candidate_id"] = winner
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


def helix_merges(seed: int) -> list[tuple[int, int]]:
    """(winner, loser) pairs merged in HireHarbor's helix: one loser is a zero-padded id (717)."""
    ids = helix_candidate_ids(seed)
    zp = [x for x in ids if x % 50 == 17 and x != 417]
    return [(ids[5], zp[0] if zp else ids[40]), (ids[33], ids[60]), (ids[71], ids[97])]


# --- coop ------------------------------------------------------------------------------------

FARMS = [("HLW", "Hollow Lane"), ("BRK", "Brookside"), ("MDW", "Meadowlark Home"), ("RDG", "Ridgeway")]


COOP_RETURNING = {7: (0, 1), 13: (1, 3), 19: (2, None), 25: (3, None)}  # id -> (DAIRY_RETURNING index, job)
COOP_POOL = 1200  # candidates in the account (the co-op's whole talent pool)


def coop(s, rng, now, seed):
    from vendors.workwell.seed import DAIRY_RETURNING

    _users(s, rng, now, "meadowlark.example", "bridge", 8)
    _custom_fields(s)
    stages = _jobs(s, rng, now, [{"name": f"Seasonal Milker — {name}", "department": "Dairy",
                                  "custom_fields": {"requisition_id": f"MDC-{code}"}} for code, name in FARMS],
                   ["Application Review", "Phone Screen", "Farm Trial", "Offer"])
    cands, apps = [], []
    for i in range(1, 31):
        if i in COOP_RETURNING:
            k, job = COOP_RETURNING[i]
            first, last, email = DAIRY_RETURNING[k]
            cand = _candidate(rng, now, 500 + i, first, last, cid=i)
            if k == 2:
                cand["emails"] = [f"{first}.{last}.farmhand@oldmail.example".lower(), email.title()]
            else:
                cand["emails"] = [email]
        else:
            cand = _candidate(rng, now, 500 + i, cid=i)
            job = rng.randint(1, 4) if i % 2 == 0 else None
        cands.append(cand)
        if job:
            apps.append(_application(len(apps) + 1, cand, job, stages[job][rng.randint(0, 2)]))
    # the rest of the co-op's talent pool: people of every farm and season (ids 31 onwards),
    # every eighth with an old application; the bridge has no business reading them
    for i in range(31, COOP_POOL + 1):
        cand = _candidate(rng, now, 500 + i, cid=i)
        cands.append(cand)
        if i % 8 == 0:
            job = 1 + (i // 8) % 4
            apps.append(_application(len(apps) + 1, cand, job, stages[job][0]))
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


# --- apotek-jobs -----------------------------------------------------------------------------

APOTEK_MISSING = (117, 133, 142, 158)


def apotek_jobs(s, rng, now, seed):
    _users(s, rng, now, "apotekvale.example", "migration", 12)
    _custom_fields(s)
    _jobs(s, rng, now, [{"name": f"Pharmacist — Apotek Vale {n}", "department": "Pharmacy",
                         "custom_fields": {"requisition_id": f"AV-{n}"}}
                        for n in range(101, 161) if n not in APOTEK_MISSING],
          ["Application Review", "Phone Screen", "Face to Face", "Offer"])


# --- apotek-pilot (migrate-03 v2) --------------------------------------------------------------

APOTEK_PILOT = {"jobs": (11, 30, 46), "days_ago": 60}  # Jobsmith job ids (AV-1xx), the pilot's day
# what the recruiters did with a pilot application since, by Jobsmith apotek person (default: untouched)
APOTEK_PILOT_STAGES = {8: "Application Review", 23: "Phone Screen", 52: "Offer", 55: "Phone Screen",
                       72: "Face to Face", 42: "rejected"}


def apotek_pilot_rows(seed: int) -> list[dict]:
    """The Jobsmith apotek records the pilot carried over, in the pilot's order."""
    from vendors.jobsmith.seed_tasks import apotek_plan

    plan = apotek_plan(random.Random(f"jobsmith:apotek:{seed}"))
    rows = [r for r in plan["records"] if r["person"] and r["job_id"] in APOTEK_PILOT["jobs"]
            and r["email"].strip() and r["days_ago"] > APOTEK_PILOT["days_ago"]]
    return sorted(rows, key=lambda r: (APOTEK_PILOT["jobs"].index(r["job_id"]), r["person"]))


def apotek_pilot(s, rng, now, seed):
    apotek_jobs(s, rng, now, seed)
    reqs = [n for n in range(101, 161) if n not in APOTEK_MISSING]
    job_of = {n - 100: reqs.index(n) + 1 for n in reqs}  # Jobsmith job id -> HireHarbor job id
    names = ["Application Review", "Phone Screen", "Face to Face", "Offer"]
    day = (now - dt.timedelta(days=APOTEK_PILOT["days_ago"])).replace(hour=15, minute=12, second=0, microsecond=0)
    cands, apps, seen = [], [], {}
    for k, r in enumerate(apotek_pilot_rows(seed)):
        at = day + dt.timedelta(seconds=9 * k)
        if r["person"] not in seen:
            seen[r["person"]] = len(cands) + 1
            cands.append({"id": len(cands) + 1, "first_name": r["first_name"], "last_name": r["last_name"],
                          "company": None, "title": None, "emails": [r["email"].strip()],
                          "phone_numbers": [r["phone"]], "custom_fields": {}, "merged_into": None,
                          "created_at": at, "updated_at": at})
        jid = job_of[r["job_id"]]
        stage0 = (jid - 1) * len(names) + 1
        todo = APOTEK_PILOT_STAGES.get(r["person"], "Application Review")
        later = ago(now, rng, 3, 50)
        status, stage = ("rejected", stage0) if todo == "rejected" else ("active", stage0 + names.index(todo))
        touched = todo != "Application Review"
        apps.append({"id": len(apps) + 1, "candidate_id": seen[r["person"]], "job_id": jid,
                     "current_stage_id": stage, "status": status, "source": None,
                     "rejection_reason": "Withdrew" if status == "rejected" else None, "custom_fields": {},
                     "applied_at": at, "rejected_at": later if status == "rejected" else None, "hired_at": None,
                     "created_at": at, "updated_at": later if touched else at})
    s.execute(insert(Candidate), cands)
    s.execute(insert(Application), apps)


# vendor settings a dataset starts with (the reset applies them after seeding)
DATASET_SETTINGS = {"coop": {"search_lag_s": 10, "email_check_lag": True}}

DATASETS = {"calder-1": calder, "film-crew": film_crew, "skyguard": skyguard, "helix": helix,
            "coop": coop, "apotek-jobs": apotek_jobs, "apotek-pilot": apotek_pilot}
