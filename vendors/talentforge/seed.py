"""TalentForge datasets. Deterministic: one `random.Random("talentforge:<dataset>:<seed>")`
drives everything (ids included), names come from `vendors.kit.names`, and every instant is
relative to the clock the seeder sees (frozen at the reset instant, `NOW` below) and truncated
to the whole second. Record counts depend on (dataset, seed) only; the counts marked *exact*
are the same for every seed.

Common to all datasets
- Requisition statuses are TalentForge's own vocabulary OPEN · PAUSED · FILLED · CLOSED
  (CLOSED = cancelled without a hire). Application statuses active · offer · rejected · hired ·
  withdrawn; stages applied · recruiter_screen · hm_review · interview · offer · hired
  (status offer ⇒ stage offer, hired ⇒ hired, active ⇒ one of the first four).
- Mixed-case e-mails: candidates whose serial (1-based, creation order) satisfies
  `serial % 9 == 4` carry a capitalised e-mail (`Amara.Becker.13@Example.com`); hiring
  managers with an odd index in the dataset's manager pool likewise (`Hm.Name@Company.example`).
  Criteria needing "e-mails lower-case" compare with `lower(email)`.
- Requisitions without a hiring manager (`hm` null on the wire, hm_email/hm_name NULL):
  the requisition with index `i % 40 == 17` (0-based, creation order).
- Historic bulk edits (ties): a block of requisitions and a block of applications share one
  `updated_at` second (sizes per dataset below), always larger than a page of 50 where the
  dataset is big enough, so page boundaries fall inside a tie.
- Candidate notes: author = a recruiter of the dataset's recruiter pool; created between the
  candidate's creation and NOW.
- Nothing is newer than NOW; updated_at >= created_at everywhere.

Datasets
- `small`: 10 requisitions (REQ-#####), 50 candidates, ~80 applications, ~60 notes; tie block:
  4 requisitions and 10 applications at NOW-3d.
- `large`: 400 requisitions, 5,000 candidates, *exact* 8,000 applications, ~5,000 notes; tie blocks:
  60 requisitions at NOW-5d, 150 applications at NOW-2d.
- `fab-600` (build-02, Tessellate Semiconductors): *exact* 600 requisitions `TSM-FAB-####`
  for fab/maintenance technician roles across fab sites; 12,000 candidates; about 42,000
  applications (30–110 per requisition) — at limit 100 a full walk is ~430 list calls, so
  with 150 ms per call it outlives a 60 s token. Tie blocks: 45 requisitions at NOW-2d 14:05:09
  (a re-org of hiring managers), 120 applications at NOW-1d (a bulk rejection: status
  rejected). Requisition statuses roughly OPEN 60 % · PAUSED 12 % · FILLED 20 % · CLOSED 8 %.
- `hospital-1400` (fix-02, Tidewater Regional Health): *exact* 1,400 applications on 90 nursing
  requisitions (`TRH-26-####`), 1,150 candidates; *exact* statuses active 1,010 · offer 102 ·
  rejected 178 · withdrawn 62 · hired 48 (active+offer = 1,112). Tie block: 60 applications
  share NOW-6d. In keyset order (updated_at, id) the in-scope (active/offer) walk at limit 100
  has 12 pages, the last holding 12 items; at limit 50, 23 pages, the last holding 12.
- `group` (migrate-12, Greyfriars inside its parent group's tenant): 100 requisitions; *exact*
  64 in scope (cc_code starting `GRF-`: GRF-DES, GRF-ENG, GRF-STR, GRF-ACC) and 36 out of scope
  (GRP-HQ, ASH-MKT, TMB-OPS and 2 look-alikes with cc_code `GRFN-OPS`). *Exact*: 900 in-scope
  candidates (each with ≥ 1 in-scope application) holding 1,300 in-scope applications; 360
  out-of-scope-only candidates; 40 of the in-scope candidates also hold out-of-scope
  applications; 520 out-of-scope applications in all. *Exact* 25 out-of-scope-only candidates
  share an e-mail with an in-scope candidate (the out-of-scope serials 901–925 copy the e-mail
  of in-scope serial 7·k, upper-cased first letter for odd k). Notes: 0–4 per candidate, and
  *exact* 30 in-scope candidates (in-scope serials 11, 41, 71, … 881) with 21–45 notes each
  (more than one wire page of 20).
- `group-lite` (migrate-12, the scenario's scaled-down `group`): 20 requisitions; *exact* 12
  in scope (cc_code `GRF-DES`/`GRF-ENG`/`GRF-STR`/`GRF-ACC`, 3 each), 1 look-alike `GRFN-OPS`,
  7 out of scope (GRP-HQ, ASH-MKT, TMB-OPS). *Exact*: 40 in-scope candidates (serials 1-40,
  each with >= 1 in-scope application) holding 56 in-scope applications; 14 out-of-scope-only
  candidates (serials 41-54), the first 5 copying the e-mail of in-scope serial 7k (k = 1..5,
  upper-cased first letter for odd k); 4 in-scope candidates also hold an out-of-scope
  application; 24 out-of-scope applications in all. Notes: 0-2 per candidate, and *exact* 2
  in-scope candidates (serials 11 and 31) with 21-26 notes each (more than one wire page of 20).
- `halvard` (harden-12, Halvard Biologics): 60 requisitions (`HB-####`), 500 external
  candidates (source external/referral/agency; agency ones, serial % 10 == 3, carry
  external_id `AGY-<5 digits>`), ~800 applications, ~300 notes. No internal candidates and no
  `KS-` external ids: those come from Keystone through the integration. From the reset on
  (agent phase and scenario alike) the tenant runs with `DATASET_SETTINGS`: tokens live 30 s
  (`expires_in` says so; the docs' 60 s is the default) and lists/searches trail writes by 3 s
  (`search_lag_s`), so an `?external_id=` search right after a create does not find it yet.
- `brisa-parent` (migrate-07 v1, Ventoria Renewables' tenant, which Brisa Wind Services joins):
  *exact* 9 requisitions BRW-REQ-01…09 pre-created for Brisa (OPEN, site `Brisa - Bilbao` /
  `Brisa - Porto`, no applications) and 30 of the parent's own (`VNT-####`, created earlier,
  so a list in updated_at order starts with them); 60 parent candidates with 90
  applications on the parent's requisitions; *exact* 5 parent candidates whose e-mails a Brisa
  Quarry candidate also has (`PARENT_OVERLAP`, capitalised here: `Lucia.Ferreira@Correo.example`),
  each with one application on a parent requisition and 21–27 notes (more than one wire page
  of 20); other candidates 0–3 notes.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from sqlalchemy import insert

from vendors.kit.names import FIRST, LAST, person

from .models import Application, Candidate, CandidateNote, Requisition, whole_second

DAY = 86400

NOTE_TEMPLATES = [
    "Phone screen done; strong on {skill}, wants {shift} shifts.",
    "Left voicemail about the {site} opening, will retry Thursday.",
    "Reference check came back positive ({skill}).",
    "Candidate asked about relocation support to {site}.",
    "Hiring manager wants a second conversation about {skill}.",
    "Availability: can start in {weeks} weeks; notice period agreed.",
    "Salary expectations within band; flexible on {shift} rotation.",
    "Recruiter note: great fit for {skill}, move forward.",
    "Candidate withdrew from another process; keen on {site}.",
    "Interview feedback: solid fundamentals, needs coaching on {skill}.",
]
SKILLS = ["cleanroom protocol", "SPC charts", "PLC troubleshooting", "patient triage", "IV therapy",
          "stakeholder comms", "GMP documentation", "brand strategy", "Figma prototyping", "vacuum systems"]
SHIFTS = ["day", "night", "weekend", "4-on-4-off", "swing"]


class _Ids:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def __call__(self, prefix: str) -> str:
        return f"{prefix}_{self.rng.getrandbits(48):012x}"


class _Gen:
    """Shared generators; each dataset function composes them."""

    def __init__(self, rng: random.Random, now: datetime, company_domain: str):
        self.rng, self.now, self.domain = rng, whole_second(now), company_domain
        self.ids = _Ids(rng)
        self.reqs: list[dict] = []
        self.cands: list[dict] = []
        self.apps: list[dict] = []
        self.notes: list[dict] = []
        self.pairs: set[tuple[str, str]] = set()
        self.recruiters = [self._staff(i) for i in range(8)]

    # --- people and time -------------------------------------------------------------------
    def ago(self, lo_s: float, hi_s: float) -> datetime:
        return self.now - timedelta(seconds=int(self.rng.uniform(lo_s, hi_s)))

    def between(self, start: datetime, end: datetime | None = None) -> datetime:
        end = end or self.now
        span = int((end - start).total_seconds())
        return start + timedelta(seconds=self.rng.randint(0, max(span, 0)))

    def _staff(self, i: int) -> tuple[str, str]:
        first, last = self.rng.choice(FIRST), self.rng.choice(LAST)
        email = f"{first}.{last}@{self.domain}"
        return f"{first} {last}", (email if i % 2 else email.lower())

    def managers(self, n: int) -> list[tuple[str, str]]:
        return [self._staff(i) for i in range(n)]

    # --- records -----------------------------------------------------------------------------
    def requisition(self, code: str, title: str, site: str, dept: str, cc: str, status: str,
                    hm: tuple[str, str] | None, min_age_d: float = 20, max_age_d: float = 400) -> dict:
        created = self.ago(min_age_d * DAY, max_age_d * DAY)
        row = {"id": self.ids("req"), "req_code": code, "title": title, "site": site, "department": dept,
               "status": status, "headcount": self.rng.choice([1, 1, 1, 2, 2, 3, 4, 6]),
               "hm_email": hm[1] if hm else None, "hm_name": hm[0] if hm else None, "cc_code": cc,
               "created_at": created, "updated_at": self.between(created)}
        self.reqs.append(row)
        return row

    def candidate(self, serial: int, source: str = "external", external_id: str | None = None,
                  email: str | None = None) -> dict:
        p = person(self.rng, serial)
        if email is None:
            email = p["email"]
            if serial % 9 == 4:
                local, _, dom = email.partition("@")
                email = ".".join(w.capitalize() for w in local.split(".")) + "@" + dom.capitalize()
        created = self.ago(5 * DAY, 420 * DAY)
        row = {"id": self.ids("cand"), "first_name": p["first_name"], "last_name": p["last_name"],
               "email": email, "phone": p["phone"], "external_id": external_id, "source": source,
               "tags": [], "hired_on": None, "created_at": created, "updated_at": self.between(created)}
        self.cands.append(row)
        return row

    def application(self, cand: dict, req: dict, status: str | None = None) -> dict | None:
        key = (cand["id"], req["id"])
        if key in self.pairs:
            return None
        self.pairs.add(key)
        status = status or self.status_for(req["status"])
        stage = self.stage_for(status)
        created = self.between(max(cand["created_at"], req["created_at"]))
        row = {"id": self.ids("app"), "requisition_id": req["id"], "candidate_id": cand["id"],
               "candidate_email": cand["email"], "stage": stage, "status": status,
               "created_at": created, "updated_at": self.between(created)}
        if status == "hired" and cand["hired_on"] is None:
            cand["hired_on"] = row["updated_at"].date()
        self.apps.append(row)
        return row

    def status_for(self, req_status: str) -> str:
        r = self.rng.random()
        if req_status == "FILLED":
            return "hired" if r < 0.08 else ("rejected" if r < 0.85 else "withdrawn")
        if req_status == "CLOSED":
            return "rejected" if r < 0.8 else "withdrawn"
        if r < 0.55:
            return "active"
        if r < 0.85:
            return "rejected"
        if r < 0.93:
            return "withdrawn"
        return "offer" if r < 0.98 else "hired"

    def stage_for(self, status: str) -> str:
        if status in ("offer", "hired"):
            return status
        early = ["applied", "recruiter_screen", "hm_review", "interview"]
        if status == "withdrawn":
            early = early + ["offer"]
        return self.rng.choices(early, weights=[4, 3, 2, 2] + ([1] if len(early) > 4 else []))[0]

    def note(self, cand: dict, site: str = "HQ") -> dict:
        author = self.rng.choice(self.recruiters)
        body = self.rng.choice(NOTE_TEMPLATES).format(skill=self.rng.choice(SKILLS), shift=self.rng.choice(SHIFTS),
                                                      site=site, weeks=self.rng.randint(2, 8))
        row = {"id": self.ids("note"), "candidate_id": cand["id"], "body": body, "author_name": author[0],
               "author_email": author[1].lower(), "created_at": self.between(cand["created_at"])}
        self.notes.append(row)
        return row

    def tie(self, pool: list[dict], n: int, at: datetime, **values) -> list[dict]:
        """A historic bulk edit: the first `n` rows of `pool` that existed (and are not hired)
        at `at` share that updated_at second."""
        at = whole_second(at)
        rows = [r for r in pool if r["created_at"] <= at and r.get("status") != "hired"][:n]
        for row in rows:
            row["updated_at"] = at
            row.update(values)
            if "status" in values and "stage" in row:
                row["stage"] = self.stage_for(row["status"])
        return rows

    def write(self, s) -> None:
        for model, rows in ((Requisition, self.reqs), (Candidate, self.cands), (Application, self.apps),
                            (CandidateNote, self.notes)):
            if rows:
                s.connection().execute(insert(model.__table__), rows)


def _statuses(g: _Gen, n: int, weights: tuple[int, int, int, int]) -> list[str]:
    return g.rng.choices(["OPEN", "PAUSED", "FILLED", "CLOSED"], weights=weights, k=n)


def _hm(g: _Gen, pool: list, i: int):
    return None if i % 40 == 17 else pool[i % len(pool)]


def _generic(g: _Gen, n_reqs: int, n_cands: int, n_apps: int, notes_per: tuple[int, int],
             titles: list[str], sites: list[str], depts: list[str], ccs: list[str], code: str) -> None:
    pool = g.managers(max(4, n_reqs // 6))
    for i, st in enumerate(_statuses(g, n_reqs, (60, 12, 20, 8))):
        g.requisition(code.format(i + 1), g.rng.choice(titles), g.rng.choice(sites), g.rng.choice(depts),
                      g.rng.choice(ccs), st, _hm(g, pool, i))
    for serial in range(1, n_cands + 1):
        g.candidate(serial, source=g.rng.choice(["external", "external", "referral", "agency"]))
    for cand in g.cands:  # everyone applies once, the rest is spread at random
        g.application(cand, g.rng.choice(g.reqs))
    while len(g.apps) < n_apps:
        g.application(g.rng.choice(g.cands), g.rng.choice(g.reqs))
    for cand in g.cands:
        for _ in range(g.rng.randint(*notes_per)):
            g.note(cand, g.rng.choice(sites))


GENERIC_TITLES = ["ICU Registered Nurse", "Process Engineer", "Payroll Clerk", "Site Supervisor",
                  "Maintenance Technician", "Data Analyst", "Account Executive", "HR Business Partner"]
GENERIC_SITES = ["Leeds", "Austin", "Porto", "Graz", "Denver", "Utrecht"]
GENERIC_DEPTS = ["Operations", "Engineering", "Finance", "People", "Sales"]


def _small(g: _Gen) -> None:
    _generic(g, 10, 50, 80, (0, 2), GENERIC_TITLES, GENERIC_SITES, GENERIC_DEPTS,
             ["OPS-100", "ENG-200", "FIN-300"], "REQ-{:05d}")
    g.tie(g.reqs, 4, g.now - timedelta(days=3))
    g.tie(g.apps, 10, g.now - timedelta(days=3))


def _large(g: _Gen) -> None:
    _generic(g, 400, 5000, 8000, (0, 2), GENERIC_TITLES, GENERIC_SITES, GENERIC_DEPTS,
             ["OPS-100", "ENG-200", "FIN-300", "SAL-400", "PPL-500"], "REQ-{:05d}")
    g.tie(g.reqs[100:], 60, g.now - timedelta(days=5))
    g.tie(g.apps[2000:], 150, g.now - timedelta(days=2))


FAB_TITLES = ["Fab Technician I", "Fab Technician II", "Senior Fab Technician", "Equipment Maintenance Technician",
              "Cleanroom Operator", "Lithography Technician", "Etch Process Technician", "Metrology Technician",
              "Facilities Technician (UPW)", "Wafer Handling Technician"]
FAB_SITES = ["Fab 3 - Hillsboro", "Fab 5 - Chandler", "Fab 7 - Dresden", "Fab 9 - Hsinchu", "Assembly - Penang"]
FAB_DEPTS = ["Fab Operations", "Equipment Engineering", "Facilities", "Yield"]
FAB_CCS = ["FAB3-OPS", "FAB3-MNT", "FAB5-OPS", "FAB5-MNT", "FAB7-OPS", "FAB9-OPS", "ASM-OPS", "FAC-UPW"]


def _fab(g: _Gen) -> None:
    pool = g.managers(40)
    for i, st in enumerate(_statuses(g, 600, (60, 12, 20, 8))):
        g.requisition(f"TSM-FAB-{i + 1:04d}", g.rng.choice(FAB_TITLES), g.rng.choice(FAB_SITES),
                      g.rng.choice(FAB_DEPTS), g.rng.choice(FAB_CCS), st, _hm(g, pool, i), max_age_d=240)
    for serial in range(1, 12001):
        g.candidate(serial, source=g.rng.choice(["external", "external", "external", "referral", "agency"]))
    cands = g.cands
    for req in g.reqs:
        for _ in range(g.rng.randint(30, 110)):
            g.application(g.rng.choice(cands), req)
    for cand in g.rng.sample(cands, 1500):
        g.note(cand, "the fab")
    # historic bulk edits: hiring managers re-assigned, a batch of applications rejected
    reorg_at = (g.now - timedelta(days=2)).replace(hour=14, minute=5, second=9)
    g.tie(g.reqs[200:], 45, min(reorg_at, g.now))
    g.tie(g.apps[9000:], 120, g.now - timedelta(days=1), status="rejected")


NURSE_TITLES = ["ICU Registered Nurse", "Med-Surg Nurse", "ER Registered Nurse", "Labor & Delivery Nurse",
                "OR Circulating Nurse", "Nurse Practitioner", "Charge Nurse", "Telemetry Nurse", "NICU Nurse"]
NURSE_SITES = ["Tidewater General", "Bayside Medical Center", "Harbor Point Hospital", "Northshore Clinic"]
NURSE_CCS = ["NUR-ICU", "NUR-MED", "NUR-ER", "NUR-LD", "NUR-OR", "NUR-NICU"]


def _hospital(g: _Gen) -> None:
    pool = g.managers(18)
    for i, st in enumerate(_statuses(g, 90, (80, 8, 8, 4))):
        g.requisition(f"TRH-26-{i + 1:04d}", g.rng.choice(NURSE_TITLES), g.rng.choice(NURSE_SITES),
                      "Nursing", g.rng.choice(NURSE_CCS), st, _hm(g, pool, i))
    for serial in range(1, 1151):
        g.candidate(serial)
    statuses = ["active"] * 1010 + ["offer"] * 102 + ["rejected"] * 178 + ["withdrawn"] * 62 + ["hired"] * 48
    g.rng.shuffle(statuses)
    for i, status in enumerate(statuses):
        while True:
            cand = g.cands[i] if i < len(g.cands) else g.rng.choice(g.cands)
            if g.application(cand, g.rng.choice(g.reqs), status) is not None:
                break
    for cand in g.rng.sample(g.cands, 500):
        for _ in range(g.rng.randint(1, 3)):
            g.note(cand, g.rng.choice(NURSE_SITES))
    g.tie(g.apps[300:], 60, g.now - timedelta(days=6))


GRF_CCS = ["GRF-DES", "GRF-ENG", "GRF-STR", "GRF-ACC"]
GROUP_OTHER_CCS = ["GRP-HQ", "ASH-MKT", "TMB-OPS"]
GRF_TITLES = ["Senior Designer", "Frontend Engineer", "Strategist", "Account Director", "Motion Designer",
              "Copywriter", "Producer", "Backend Engineer", "UX Researcher"]


def _group(g: _Gen) -> None:
    pool = g.managers(24)
    in_reqs, out_reqs = [], []
    for i in range(100):
        if i < 64:
            cc, title, site = GRF_CCS[i % 4], g.rng.choice(GRF_TITLES), "Greyfriars - Edinburgh"
        elif i < 66:
            cc, title, site = "GRFN-OPS", g.rng.choice(GRF_TITLES), "Group North - Newcastle"
        else:
            cc, title, site = GROUP_OTHER_CCS[i % 3], g.rng.choice(GENERIC_TITLES), g.rng.choice(GENERIC_SITES)
        status = g.rng.choices(["OPEN", "PAUSED", "FILLED", "CLOSED"], weights=(60, 12, 20, 8))[0]
        req = g.requisition(f"GRP-{i + 1:04d}", title, site, "Greyfriars" if i < 64 else "Group", cc, status,
                            _hm(g, pool, i))
        (in_reqs if i < 64 else out_reqs).append(req)
    g.rng.shuffle(in_reqs)
    g.rng.shuffle(out_reqs)
    inside = [g.candidate(serial) for serial in range(1, 901)]
    for cand in inside:
        g.application(cand, g.rng.choice(in_reqs))
    while len(g.apps) < 1300:
        g.application(g.rng.choice(inside), g.rng.choice(in_reqs))
    outside = []
    for serial in range(901, 1261):
        k = serial - 900
        shared = None
        if k <= 25:
            shared = inside[7 * k - 1]["email"]
            if k % 2:
                shared = shared[0].upper() + shared[1:]
        outside.append(g.candidate(serial, email=shared))
    n_out = 0
    for cand in outside:
        g.application(cand, g.rng.choice(out_reqs))
        n_out += 1
    for cand in g.rng.sample(inside, 40):
        while g.application(cand, g.rng.choice(out_reqs)) is None:
            pass
        n_out += 1
    while n_out < 520:
        if g.application(g.rng.choice(outside), g.rng.choice(out_reqs)) is not None:
            n_out += 1
    heavy = {inside[s - 1]["id"] for s in range(11, 901, 30)}
    for cand in inside + outside:
        n = g.rng.randint(21, 45) if cand["id"] in heavy else g.rng.randint(0, 4)
        for _ in range(n):
            g.note(cand, "Edinburgh")


def _group_lite(g: _Gen) -> None:
    pool = g.managers(8)
    in_reqs, out_reqs = [], []
    for i in range(20):
        if i < 12:
            cc, title, site = GRF_CCS[i % 4], GRF_TITLES[i % len(GRF_TITLES)], "Greyfriars - Edinburgh"
        elif i == 12:
            cc, title, site = "GRFN-OPS", g.rng.choice(GRF_TITLES), "Group North - Newcastle"
        else:
            cc, title, site = GROUP_OTHER_CCS[i % 3], g.rng.choice(GENERIC_TITLES), g.rng.choice(GENERIC_SITES)
        status = g.rng.choices(["OPEN", "PAUSED", "FILLED", "CLOSED"], weights=(60, 12, 20, 8))[0]
        req = g.requisition(f"GRP-{i + 1:04d}", title, site, "Greyfriars" if i < 12 else "Group", cc, status,
                            _hm(g, pool, i))
        (in_reqs if i < 12 else out_reqs).append(req)
    inside = [g.candidate(serial) for serial in range(1, 41)]
    for cand in inside:
        g.application(cand, g.rng.choice(in_reqs))
    while len(g.apps) < 56:
        g.application(g.rng.choice(inside), g.rng.choice(in_reqs))
    outside = []
    for serial in range(41, 55):
        k = serial - 40
        shared = None
        if k <= 5:
            shared = inside[7 * k - 1]["email"]
            if k % 2:
                shared = shared[0].upper() + shared[1:]
        outside.append(g.candidate(serial, email=shared))
    n_out = 0
    for cand in outside:
        g.application(cand, g.rng.choice(out_reqs))
        n_out += 1
    for cand in g.rng.sample(inside, 4):
        while g.application(cand, g.rng.choice(out_reqs)) is None:
            pass
        n_out += 1
    while n_out < 24:
        if g.application(g.rng.choice(outside), g.rng.choice(out_reqs)) is not None:
            n_out += 1
    heavy = {inside[10]["id"], inside[30]["id"]}
    for cand in inside + outside:
        n = g.rng.randint(21, 26) if cand["id"] in heavy else g.rng.randint(0, 2)
        for _ in range(n):
            g.note(cand, "Edinburgh")


HB_TITLES = ["QC Analyst", "Bioprocess Technician", "Validation Engineer", "Upstream Scientist",
             "Downstream Associate", "Regulatory Affairs Specialist", "Cleanroom Supervisor", "Lab Technician"]
HB_SITES = ["Halvard - Basel", "Halvard - Leiden", "Halvard - Cork"]
HB_CCS = ["HB-QC", "HB-MFG", "HB-RND", "HB-REG"]


def _halvard(g: _Gen) -> None:
    pool = g.managers(12)
    for i, st in enumerate(_statuses(g, 60, (65, 10, 17, 8))):
        g.requisition(f"HB-{i + 1:04d}", g.rng.choice(HB_TITLES), g.rng.choice(HB_SITES), "Operations",
                      g.rng.choice(HB_CCS), st, _hm(g, pool, i))
    for serial in range(1, 501):
        if serial % 10 == 3:
            g.candidate(serial, source="agency", external_id=f"AGY-{g.rng.randint(10000, 99999)}")
        else:
            g.candidate(serial, source=g.rng.choice(["external", "external", "referral"]))
    for cand in g.cands:
        g.application(cand, g.rng.choice(g.reqs))
    while len(g.apps) < 800:
        g.application(g.rng.choice(g.cands), g.rng.choice(g.reqs))
    for cand in g.rng.sample(g.cands, 200):
        for _ in range(g.rng.randint(1, 2)):
            g.note(cand, g.rng.choice(HB_SITES))


# brisa-parent: people of the parent tenant whom Brisa's Quarry also has (quarry seed.py
# BRISA_OVERLAP holds the same addresses in lower case).
PARENT_OVERLAP = [("Lucía", "Ferreira", "Lucia.Ferreira@Correo.example"), ("Pau", "Vidal", "Pau.Vidal@correo.example"),
                  ("Tiago", "Rocha", "TIAGO.ROCHA@mail.example"), ("Nerea", "Etxeberria", "Nerea.Etxeberria@Correo.example"),
                  ("Rui", "Carvalho", "Rui.Carvalho@Post.example")]
VNT_TITLES = ["Wind Turbine Technician", "Solar Farm Operator", "Grid Connection Engineer", "Project Manager",
              "HSE Coordinator", "Asset Manager", "Electrical Technician", "Planner"]
VNT_SITES = ["Ventoria - Madrid", "Ventoria - Lisbon", "Ventoria - Valencia"]
BRW_TITLES = ["Wind Turbine Technician", "Blade Repair Technician", "High-Voltage Technician", "Rope Access Technician",
              "Site Manager", "Service Planner", "Lead Technician", "Gearbox Specialist", "HSE Officer"]


def _brisa_parent(g: _Gen) -> None:
    pool = g.managers(8)
    parent = [g.requisition(f"VNT-{i + 1:04d}", g.rng.choice(VNT_TITLES), g.rng.choice(VNT_SITES), "Operations",
                            "VNT-OPS", st, _hm(g, pool, i), min_age_d=60, max_age_d=400)
              for i, st in enumerate(_statuses(g, 30, (60, 12, 20, 8)))]
    for r in parent:  # the parent's requisitions were last touched before Brisa's were set up
        r["updated_at"] = min(r["updated_at"], g.now - timedelta(days=20))
        r["created_at"] = min(r["created_at"], r["updated_at"])
    for i, title in enumerate(BRW_TITLES):
        r = g.requisition(f"BRW-REQ-{i + 1:02d}", title, ("Brisa - Bilbao", "Brisa - Porto")[i % 2], "Brisa Wind",
                          "BRW-OPS", "OPEN", pool[i % len(pool)], min_age_d=5, max_age_d=10)
        r["updated_at"] = max(r["updated_at"], g.now - timedelta(days=4))
    for serial in range(1, 61):
        g.candidate(serial, source=g.rng.choice(["external", "external", "referral", "internal"]))
    for cand in g.cands:
        g.application(cand, g.rng.choice(parent))
    while len(g.apps) < 90:
        g.application(g.rng.choice(g.cands), g.rng.choice(parent))
    for cand in g.cands:
        for _ in range(g.rng.randint(0, 3)):
            g.note(cand, g.rng.choice(VNT_SITES))
    for i, (first, last, email) in enumerate(PARENT_OVERLAP):
        cand = g.candidate(500 + i, email=email)
        cand["first_name"], cand["last_name"] = first, last
        g.application(cand, parent[(3 * i) % len(parent)], status="active")
        for _ in range(g.rng.randint(21, 27)):
            g.note(cand, g.rng.choice(VNT_SITES))


DATASETS = {
    "small": ("northwind.example", _small),
    "large": ("northwind.example", _large),
    "fab-600": ("tessellate.example", _fab),
    "hospital-1400": ("tidewaterhealth.example", _hospital),
    "group": ("greyfriars-group.example", _group),
    "group-lite": ("greyfriars-group.example", _group_lite),
    "halvard": ("halvard-bio.example", _halvard),
    "brisa-parent": ("ventoria.example", _brisa_parent),
}


DATASET_SETTINGS = {"halvard": {"token_ttl_s": 30, "search_lag_s": 3}}


def seed(s, c, dataset: str, seed_value: int) -> None:
    domain, build = DATASETS[dataset]
    c.settings.update(DATASET_SETTINGS.get(dataset, {}))
    g = _Gen(random.Random(f"talentforge:{dataset}:{seed_value}"), c.now(), domain)
    build(g)
    g.write(s)
