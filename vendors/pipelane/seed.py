"""Pipelane datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (frozen by the kit while seeding). One `random.Random("pipelane:<dataset>:<seed>")`
drives every draw, UUIDs included; timestamps are offsets back from the clock, to the ms.

Every dataset has the same users: 7 people (one deactivated, `Ola Reyes`) drawn from the RNG,
plus four service users with FIXED ids (uuid5 of `pipelane:user:<slug>`, the same for any
seed; see `SERVICE_USERS` / `service_user_id(slug)`): `API Integration` (api-integration),
`Compliance Bot` (compliance-bot), `Training Bot` (training-bot), `Migration User`
(migration-user). Every change is in `activities` with its actor; each opportunity has a
stage history (`stageChanges`) from `new-lead` up to its stage, `lastAdvancedAt` = last change.

small (50 contacts) / large (5,000 contacts)
    12 postings (10 published, 2 closed). Contacts created over the last 180 days; ≈5 % have no
    opportunity, the others 1–3 (≈60/30/10 %); ≈20 % of opportunities archived (reason, by a
    user), ≈30 % carry 1–2 tags (`referral`, `priority`, `rehire`, `weekend`, `relocation`,
    `bilingual`), 0–2 notes by users. Contact e-mails are unique.

tutors-1500 (build-05, Polestar Tutors; anchored at 2026-06-15T08:00Z whatever the clock)
    6 tutor postings. 1,500 contacts: 60 (4 %) without opportunities; the rest 1–3. Per
    contact (others' choices RNG-driven): ≈15 % have all opportunities archived, ≈15 % of the
    multi-opportunity ones are mixed (some archived, some open), the rest all open.
    `lastAdvancedAt` lies in the 45 days before the clock; 30 % of opportunities (chosen by
    the RNG, ±2 after the ties below) were last advanced between 00:00 and 01:00 Europe/London in
    June before the clock (BST, i.e. 23:00–00:00 UTC of the previous UTC day); the others at
    London times 07:00–21:59. 25 multi-opportunity contacts have two opportunities with the
    SAME `lastAdvancedAt` (the tie goes to the newer `createdAt`). The old tracker's import
    (2026-06-07T22:00Z): half of the contacts whose whole history predates it (≈ 210 contacts,
    ≈ 260 opportunities, some all-archived, some tied) have `imported_at` set: their
    opportunities are served with `lastAdvancedAt` and `lastInteractionAt` null (stageChanges
    holds the dates) and `updatedAt` = the import, until Pipelane moves them.

quayline (harden-09, Quayline Logistics warehouse hiring)
    5 postings (Forklift Operator, Warehouse Operative, Picker/Packer, Shift Lead, Yard
    Marshal). 240 contacts, one opportunity each (20 have a second one): 60 open at `offer`
    (hire candidates), 20 already `hired` (open, no notes), the rest at earlier stages, ≈10 %
    archived. No notes at all, so every "Forklift training booked" note comes from the run.

saltmarsh (Saltmarsh Ground Services at BRS, EXT, NQY, SOU; the spec's size, unused: migrate-04 runs on saltmarsh-90)
    11 postings: Ramp Agent, Baggage Handler and Check-in Agent at each of BRS/EXT/NQY (text
    "<role> — <code>"), plus "Winter De-icing Crew — SOU" and "Seasonal Cleaner — SOU" (the
    last two are the ones a posting map may leave out). 300 contacts, 1–3 opportunities
    (≈400): ≈65 % open across all stages; archived ones: about half archived 1–170 days ago,
    half 190–400 days ago (older createdAt). ≈35 % carry tags (`night-shift`,
    `airside-pass`, `rehire`); every opportunity has notes-free stage history.

saltmarsh-90 (migrate-04, Saltmarsh Ground Services; `saltmarsh_90(g)`, the planting rules)
    The same 11 postings as saltmarsh. 90 contacts, 1-3 opportunities each, each on another
    posting; ≈35 % archived (at new-lead..offer: half 1-170 days ago, half 190-400 days ago);
    ≈35 % tagged (`night-shift`, `airside-pass`, `rehire`). Trap `legacy-stage-on-wire`: ≈10 %
    of the open opportunities sit in `assessment`, a stage of the 2024 pipeline the docs do
    not list (history new-lead → phone-screen → assessment). Every 15th contact's primary
    e-mail is served with capitals (`Ana.Lopez.15@…`). No notes.

care-450 (fix-05, Larkspur Home Care caregivers; default clock)
    5 postings "Home Caregiver — <region>" (North, South, East, West, Central; the region is
    the posting's `categories.location`). 450 contacts; ≈12 % applied in two regions (two
    opportunities, one contact). ≈10 % of opportunities have had no stage move for 61–120 days
    (`lastInteractionAt` = `lastAdvancedAt`); the others 1 h–58 days, except ≈2 % planted at
    59.3–59.8 days (stale one day later; nothing else within a day of the 60-day line); ≈8 %
    already archived. Opportunities at `interview` or later have 1–2 interviews (`GET
    …/interviews`, `date` epoch ms on a quarter hour, scheduled after the last advance, some in
    the clock's future), booked at the advance. About half of the open long-unmoved ones at
    `interview` or later had another interview booked 5–50 days before the clock (activity
    `interview_scheduled`; trap `interview-booking-not-interaction`: lastInteractionAt stays at
    the old stage move), so they are not stale by their activity log. ≈30 % of the open ones at
    `interview` or later advanced in the last 10 days have a follow-up booked in the last 3 days
    for 35–50 days ahead (for the default clock: after Adelaide's daylight-saving change).

care-450-rebooked (fix-05 v2; `care_rebooked(g)`)
    care-450 record for record (same ids: drawn from care-450's generator), plus 21 interviews
    moved to another time, drawn afterwards from a second generator (trap
    `interview-reschedule-not-interaction`): the interview keeps its id and createdAt, its
    `date` and `updatedAt` move, an `interview_rescheduled` activity is written, and
    lastInteractionAt stays put. 7 on open candidacies with no other activity for more than 61
    days, rebooked 3-40 days before the clock (active by their activity log only); 2 on such
    candidacies rebooked 65-80 days before (still stale); 12 on lively candidacies (nothing to see).

greyfriars (migrate-12, Greyfriars Digital Agency's new account)
    The users only, plus 9 published postings "<title> — Edinburgh" (Senior Designer, Frontend
    Engineer, Strategist, Account Director, Motion Designer, Copywriter, Producer, Backend
    Engineer, UX Researcher; team Greyfriars). No contacts, no opportunities.

empty: the users only.
"""
from __future__ import annotations

import datetime as dt
import random
import uuid

from sqlalchemy import insert

from zoneinfo import ZoneInfo

from vendors.kit.formats import to_epoch_ms
from vendors.kit.names import CITIES, JOB_TITLES, person

from .models import ARCHIVE_REASONS, STAGES, TABLES

TAGS = ["referral", "priority", "rehire", "weekend", "relocation", "bilingual"]
TEAMS = ["Nursing", "Engineering", "Operations", "Legal", "Hospitality"]
USERS = [("Priya Raman", "admin"), ("Jonas Weber", "team-member"), ("Mei Tanaka", "team-member"),
         ("Leon Moreau", "team-member"), ("Grace Okafor", "interviewer"), ("Tomas Silva", "team-member"),
         ("Ola Reyes", "team-member")]
SERVICE_USERS = [("api-integration", "API Integration", "api@pipelane.example"),
                 ("compliance-bot", "Compliance Bot", "compliance-bot@pipelane.example"),
                 ("training-bot", "Training Bot", "training-bot@pipelane.example"),
                 ("migration-user", "Migration User", "migration@pipelane.example")]
SIZES = {"small": 50, "large": 5000, "empty": 0}
LONDON = ZoneInfo("Europe/London")
# tutors-1500 is anchored at this instant whatever the clock at reset (the task's agent phase
# starts at the harness's base instant and then moves its clock here, so the agent explores
# the very data the scenario resets to); the bulk import happened IMPORT_AGO before it.
TUTORS_ANCHOR = dt.datetime(2026, 6, 15, 8, 0, tzinfo=dt.timezone.utc)
IMPORT_AGO = dt.timedelta(days=7, hours=10)


def service_user_id(slug: str) -> str:
    """Fixed id of a service user (same for every dataset and seed)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"pipelane:user:{slug}"))
NOTE_TEXTS = ["Strong phone screen; follow up on availability.", "Asked about weekend shifts.",
              "References checked.", "Prefers the night rota.", "Salary expectations above band.",
              "Great culture fit; move forward.", "Waiting on right-to-work documents."]


class Gen:
    def __init__(self, dataset: str, seed: int, now: dt.datetime):
        self.rng = random.Random(f"pipelane:{dataset}:{seed}")
        self.seed_value = seed
        self.now = now
        self.rows: dict[str, list[dict]] = {t: [] for t in TABLES}
        self.serial = 0

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def ago_ms(self, lo_days: float, hi_days: float) -> dt.datetime:
        lo, hi = int(lo_days * 86400000), int(hi_days * 86400000)
        return self.now - dt.timedelta(milliseconds=self.rng.randint(lo, hi))

    def after(self, t: dt.datetime, max_days: float) -> dt.datetime:
        t2 = t + dt.timedelta(milliseconds=self.rng.randint(60000, int(max_days * 86400000)))
        return max(t, min(t2, self.now - dt.timedelta(milliseconds=self.rng.randint(1000, 60000))))

    def users(self) -> list[dict]:
        out = []
        for i, (name, role) in enumerate(USERS):
            first = name.split()[0].lower()
            row = {"id": self.uuid(), "name": name, "email": f"{first}@pipelane.example", "role": role,
                   "deactivated_at": self.ago_ms(5, 30) if name == "Ola Reyes" else None,
                   "created_at": self.now - dt.timedelta(days=400 - i)}
            out.append(row)
        for i, (slug, name, email) in enumerate(SERVICE_USERS):
            out.append({"id": service_user_id(slug), "name": name, "email": email, "role": "admin",
                        "deactivated_at": None, "created_at": self.now - dt.timedelta(days=380 - i)})
        self.rows["users"] += out
        return out

    def activity(self, o: dict, typ: str, user: str | None, data: dict, at: dt.datetime) -> None:
        self.rows["activities"].append({"id": self.uuid(), "opportunity_id": o["id"], "contact_id": o["contact_id"],
                                        "type": typ, "user_id": user, "data": data, "created_at": at})

    def opportunity(self, contact: dict, posting: dict, active_users: list[str], created: dt.datetime,
                    stage_idx: int, archived: bool, tags: list[str], last_advanced: dt.datetime | None = None,
                    archived_at: dt.datetime | None = None, notes: bool = True) -> dict:
        rng = self.rng
        o = {"id": self.uuid(), "contact_id": contact["id"], "posting_id": posting["id"],
             "owner_id": rng.choice(active_users), "stage": STAGES[0],
             "origin": rng.choice(["applied", "applied", "sourced", "referred", "agency"]), "tags": tags,
             "created_at": created}
        changes = [{"toStage": STAGES[0], "userId": None, "updatedAt": to_epoch_ms(created)}]
        self.activity(o, "created", None, {"stage": STAGES[0]}, created)
        t = created
        if last_advanced is not None and stage_idx > 0:
            span = max(0, to_epoch_ms(last_advanced) - to_epoch_ms(created))
            times = sorted(created + dt.timedelta(milliseconds=rng.randint(0, span)) for _ in range(stage_idx - 1))
            times.append(last_advanced)
        for i in range(1, stage_idx + 1):
            t = times[i - 1] if last_advanced is not None else self.after(t, 12)
            who = rng.choice(active_users)
            changes.append({"toStage": STAGES[i], "userId": who, "updatedAt": to_epoch_ms(t)})
            self.activity(o, "stage_changed", who, {"fromStage": STAGES[i - 1], "toStage": STAGES[i]}, t)
        o.update(stage=STAGES[stage_idx], stage_changes=changes, last_advanced_at=t, last_interaction_at=t,
                 archived_at=None, archive_reason=None, archived_by=None, imported_at=None)
        if archived:
            at = archived_at or self.after(t, 20)
            who = rng.choice(active_users)
            reason = "hired" if o["stage"] == "hired" else rng.choice(ARCHIVE_REASONS[1:])
            o.update(archived_at=at, archive_reason=reason, archived_by=who, last_interaction_at=at)
            self.activity(o, "archived", who, {"reason": reason}, at)
        for _ in range(rng.choice([0, 0, 1, 1, 2]) if notes else 0):
            at = self.after(created, 30)
            who = rng.choice(active_users)
            n = {"id": self.uuid(), "opportunity_id": o["id"], "user_id": who, "value": rng.choice(NOTE_TEXTS),
                 "created_at": at}
            self.rows["notes"].append(n)
            self.activity(o, "note_added", who, {"noteId": n["id"]}, at)
            o["last_interaction_at"] = max(o["last_interaction_at"], at)
        o["updated_at"] = max([o["last_interaction_at"], o["archived_at"] or o["created_at"]])
        self.rows["opportunities"].append(o)
        return o


def generic(g: Gen, n_contacts: int) -> None:
    rng = g.rng
    active = _people_users(g)
    if n_contacts == 0:
        return
    postings = []
    for i in range(12):
        created = g.ago_ms(200, 260)
        postings.append({"id": g.uuid(), "text": JOB_TITLES[i % len(JOB_TITLES)], "team": rng.choice(TEAMS),
                         "location": rng.choice(CITIES), "state": "closed" if i >= 10 else "published",
                         "created_at": created, "updated_at": created})
    g.rows["postings"] += postings
    for i in range(n_contacts):
        who = person(rng, i + 1)
        created = g.ago_ms(0.5, 180)
        ct = {"id": g.uuid(), "name": f"{who['first_name']} {who['last_name']}", "email": who["email"],
              "phone": who["phone"], "location": who["city"],
              "headline": rng.choice([None, "Registered Nurse", "Engineer", "Student", "Chef"]),
              "created_at": created, "updated_at": created}
        g.rows["contacts"].append(ct)
        r = rng.random()
        n_opps = 0 if r < 0.05 else 1 if r < 0.62 else 2 if r < 0.9 else 3
        t = created
        for _ in range(n_opps):
            stage_idx = rng.choices(range(len(STAGES)), weights=[30, 25, 20, 10, 15])[0]
            tags = sorted(rng.sample(TAGS, rng.choice([1, 2]))) if rng.random() < 0.3 else []
            g.opportunity(ct, rng.choice(postings), active, t, stage_idx, rng.random() < 0.2, tags)
            t = g.after(t, 5)


def _people_users(g: Gen) -> list[str]:
    users = g.users()
    return [u["id"] for u in users if u["deactivated_at"] is None and u["email"].split("@")[0] in
            ("priya", "jonas", "mei", "leon", "grace", "tomas")]


def _postings(g: Gen, specs: list[tuple[str, str, str]]) -> list[dict]:
    out = []
    for text_, team, loc in specs:
        created = g.ago_ms(300, 400)
        out.append({"id": g.uuid(), "text": text_, "team": team, "location": loc, "state": "published",
                    "created_at": created, "updated_at": created})
    g.rows["postings"] += out
    return out


def _contact(g: Gen, serial: int, lo_days: float, hi_days: float) -> dict:
    who = person(g.rng, serial)
    created = g.ago_ms(lo_days, hi_days)
    ct = {"id": g.uuid(), "name": f"{who['first_name']} {who['last_name']}", "email": who["email"],
          "phone": who["phone"], "location": who["city"], "headline": None, "created_at": created,
          "updated_at": created}
    g.rows["contacts"].append(ct)
    return ct


def tutors(g: Gen) -> None:
    rng = g.rng
    active = _people_users(g)
    subjects = ["Maths Tutor (KS3)", "English Tutor (GCSE)", "Physics Tutor", "Chemistry Tutor", "Biology Tutor",
                "French Tutor"]
    postings = _postings(g, [(s, "Tutoring", "London") for s in subjects])
    contacts = [_contact(g, i + 1, 50, 120) for i in range(1500)]
    plan = []  # (contact, n_opps, mode)
    without = set(rng.sample(range(1500), 60))
    for i, ct in enumerate(contacts):
        if i in without:
            continue
        n = rng.choices([1, 2, 3], weights=[55, 35, 10])[0]
        r = rng.random()
        mode = "all" if r < 0.15 else "mixed" if (n > 1 and r < 0.30) else "open"
        plan.append((ct, n, mode))
    total = sum(n for _, n, _ in plan)
    night = set(rng.sample(range(total), round(total * 0.3)))
    today = g.now.date()
    june_year = today.year if today > dt.date(today.year, 6, 1) else today.year - 1
    june_days = [d for d in range(1, 31) if dt.date(june_year, 6, d) < today]
    k = 0
    ties = set(rng.sample([i for i, (_, n, _) in enumerate(plan) if n > 1], 25))
    for idx, (ct, n, mode) in enumerate(plan):
        archived_flags = [mode == "all"] * n
        if mode == "mixed":
            archived_flags = [True] * n
            archived_flags[rng.randrange(n)] = False
        created = ct["created_at"]
        adv_times = []
        for _ in range(n):
            if k in night:
                day = dt.date(june_year, 6, rng.choice(june_days))
                local = dt.datetime(day.year, day.month, day.day, 0, 0, tzinfo=LONDON) + \
                    dt.timedelta(milliseconds=rng.randint(0, 3_599_999))
            else:
                day = (g.now - dt.timedelta(days=rng.randint(1, 45))).astimezone(LONDON).date()
                local = dt.datetime(day.year, day.month, day.day, 7, 0, tzinfo=LONDON) + \
                    dt.timedelta(milliseconds=rng.randint(0, 15 * 3_600_000 - 1))
            adv_times.append(local.astimezone(dt.timezone.utc))
            k += 1
        if idx in ties:
            adv_times[1] = adv_times[0]
        for j in range(n):
            adv = adv_times[j]
            opp_created = min(created + dt.timedelta(hours=j), adv - dt.timedelta(minutes=1))
            stage_idx = rng.choices(range(1, len(STAGES)), weights=[35, 30, 15, 20])[0]
            arch_at = None
            if archived_flags[j]:
                arch_at = min(adv + dt.timedelta(milliseconds=rng.randint(60_000, 86_400_000)),
                              g.now - dt.timedelta(minutes=5))
            g.opportunity(ct, rng.choice(postings), active, opp_created, stage_idx, archived_flags[j], [],
                          last_advanced=adv, archived_at=arch_at, notes=False)
    # The import from the old tracker (drawn after everything else, so the ids above stay): half
    # of the contacts whose whole history predates IMPORT_AGO before the clock came over in bulk;
    # their opportunities carry `imported_at` (served with lastAdvancedAt/lastInteractionAt null,
    # the dates only in stageChanges) and were last updated at the import.
    lrng = random.Random(rng.getrandbits(64))
    imported_at = g.now - IMPORT_AGO
    by_contact: dict[str, list[dict]] = {}
    for o in g.rows["opportunities"]:
        by_contact.setdefault(o["contact_id"], []).append(o)
    eligible = sorted(cid for cid, os_ in by_contact.items()
                      if all(max(o["last_interaction_at"], o["archived_at"] or o["created_at"]) < imported_at
                             for o in os_))
    for cid in lrng.sample(eligible, round(len(eligible) * 0.5)):
        for o in by_contact[cid]:
            o.update(imported_at=imported_at, updated_at=imported_at)


def quayline(g: Gen) -> None:
    rng = g.rng
    active = _people_users(g)
    postings = _postings(g, [(r, "Warehouse", "Quayline DC Felixstowe") for r in
                             ("Forklift Operator", "Warehouse Operative", "Picker/Packer", "Shift Lead", "Yard Marshal")])
    contacts = [_contact(g, i + 1, 20, 90) for i in range(240)]
    seconds = set(rng.sample(range(240), 20))
    order = list(range(260))
    rng.shuffle(order)
    stage_of = {}
    for pos, k in enumerate(order):
        stage_of[k] = 3 if pos < 60 else 4 if pos < 80 else rng.choice([0, 1, 1, 2, 2])
    k = 0
    for i, ct in enumerate(contacts):
        for j in range(2 if i in seconds else 1):
            st = stage_of[k]
            k += 1
            archived = st < 3 and rng.random() < 0.13
            g.opportunity(ct, rng.choice(postings), active, ct["created_at"] + dt.timedelta(hours=j), st, archived,
                          [], notes=False)


def saltmarsh(g: Gen) -> None:
    rng = g.rng
    active = _people_users(g)
    specs = [(f"{role} — {code}", "Ground Operations", code) for code in ("BRS", "EXT", "NQY")
             for role in ("Ramp Agent", "Baggage Handler", "Check-in Agent")]
    specs += [("Winter De-icing Crew — SOU", "Ground Operations", "SOU"), ("Seasonal Cleaner — SOU", "Facilities", "SOU")]
    postings = _postings(g, specs)
    for i in range(300):
        ct = _contact(g, i + 1, 30, 450)
        n = rng.choices([1, 2, 3], weights=[70, 22, 8])[0]
        for j in range(n):
            archived = rng.random() < 0.35
            st = rng.choices(range(len(STAGES)), weights=[20, 25, 25, 15, 15])[0]
            tags = sorted(rng.sample(["night-shift", "airside-pass", "rehire"], rng.choice([1, 2]))) \
                if rng.random() < 0.35 else []
            if archived and rng.random() < 0.5:  # archived long ago
                created = g.ago_ms(420, 560)
                arch_at = g.ago_ms(190, 400)
            elif archived:
                created = g.ago_ms(175, 300)
                arch_at = g.ago_ms(1, 170)
            else:
                created, arch_at = g.ago_ms(5, 160), None
            last_adv = created + (arch_at - created) * rng.uniform(0.2, 0.9) if arch_at else None
            g.opportunity(ct, rng.choice(postings), active, created, st, archived, tags,
                          last_advanced=last_adv, archived_at=arch_at, notes=False)
            ct["created_at"] = min(ct["created_at"], created)
            ct["updated_at"] = max(ct["updated_at"], ct["created_at"])


LEGACY_STAGE = "assessment"  # the 2024 pipeline's stage, still on some open opportunities (saltmarsh-90)


def _capitalise_email(email: str) -> str:
    local, _, domain = email.partition("@")
    return ".".join(part[:1].upper() + part[1:] for part in local.split(".")) + "@" + domain


def saltmarsh_90(g: Gen) -> None:
    """migrate-04's Pipelane: 90 contacts, each opportunity on another posting (so a contact's
    candidacies never share a job), archived ones only before `hired`, ≈10 % of the open ones
    at the undocumented legacy stage `assessment`; every 15th contact's e-mail with capitals.
    `vendors.crewtide.seed_tasks` re-creates these rows (same seed) to plant its pilot."""
    rng = g.rng
    active = _people_users(g)
    specs = [(f"{role} — {code}", "Ground Operations", code) for code in ("BRS", "EXT", "NQY")
             for role in ("Ramp Agent", "Baggage Handler", "Check-in Agent")]
    specs += [("Winter De-icing Crew — SOU", "Ground Operations", "SOU"), ("Seasonal Cleaner — SOU", "Facilities", "SOU")]
    postings = _postings(g, specs)
    for i in range(90):
        ct = _contact(g, i + 1, 30, 450)
        if (i + 1) % 15 == 0:
            ct["email"] = _capitalise_email(ct["email"])
        n = rng.choices([1, 2, 3], weights=[65, 25, 10])[0]
        for posting in rng.sample(postings, n):
            archived = rng.random() < 0.35
            tags = sorted(rng.sample(["night-shift", "airside-pass", "rehire"], rng.choice([1, 2]))) \
                if rng.random() < 0.35 else []
            legacy = not archived and rng.random() < 0.1
            st = 1 if legacy else rng.choices(range(4 if archived else len(STAGES)),
                                              weights=[20, 25, 25, 15, 15][:4 if archived else len(STAGES)])[0]
            if archived and rng.random() < 0.5:  # archived long ago
                created = g.ago_ms(420, 560)
                arch_at = g.ago_ms(190, 400)
            elif archived:
                created = g.ago_ms(175, 300)
                arch_at = g.ago_ms(1, 170)
            else:
                created, arch_at = g.ago_ms(5, 160), None
            last_adv = created + (arch_at - created) * rng.uniform(0.2, 0.9) if arch_at else None
            o = g.opportunity(ct, posting, active, created, st, archived, tags,
                              last_advanced=last_adv, archived_at=arch_at, notes=False)
            if legacy:
                t = g.after(o["last_advanced_at"], 20)
                who = rng.choice(active)
                o["stage_changes"] = o["stage_changes"] + [{"toStage": LEGACY_STAGE, "userId": who,
                                                            "updatedAt": to_epoch_ms(t)}]
                g.activity(o, "stage_changed", who, {"fromStage": o["stage"], "toStage": LEGACY_STAGE}, t)
                o.update(stage=LEGACY_STAGE, last_advanced_at=t, last_interaction_at=t, updated_at=t)
            ct["created_at"] = min(ct["created_at"], created)
            ct["updated_at"] = max(ct["updated_at"], ct["created_at"])


CARE_REGIONS = ["North", "South", "East", "West", "Central"]


def care(g: Gen) -> None:
    rng = g.rng
    active = _people_users(g)
    postings = _postings(g, [(f"Home Caregiver — {r}", "Home Care", r) for r in CARE_REGIONS])
    by_region = {p["location"]: p for p in postings}
    day = 86_400_000
    for i in range(450):
        ct = _contact(g, i + 1, 130, 200)
        regions = rng.sample(CARE_REGIONS, 2 if rng.random() < 0.12 else 1)
        for j, region in enumerate(regions):
            created = ct["created_at"] + dt.timedelta(hours=j * 3)
            st = rng.choices(range(len(STAGES)), weights=[15, 20, 35, 15, 15])[0]
            r = rng.random()
            stale, near = r < 0.1, 0.1 <= r < 0.12
            # last stage move: long-unmoved ones 61-120 days ago, a few planted 59.3-59.8 days ago
            # (stale a day later), the others 1 h-58 days ago
            adv = g.now - dt.timedelta(milliseconds=rng.randint(61 * day, 120 * day) if stale
                                       else rng.randint(int(59.3 * day), int(59.8 * day)) if near
                                       else rng.randint(3_600_000, 58 * day))
            if st == 0:  # a new lead: created at its last activity
                created = adv
            adv = max(adv, created + dt.timedelta(minutes=5))
            arch = rng.random() < 0.08 and not near
            o = g.opportunity(ct, by_region[region], active, created, st, arch, [],
                              last_advanced=adv if st else None, notes=False,
                              archived_at=adv + dt.timedelta(milliseconds=rng.randint(60_000, 3_600_000)) if arch else None)
            if st >= 2:
                n_iv = 2 if rng.random() < 0.2 else 1
                for k in range(n_iv):
                    when = o["last_advanced_at"] + dt.timedelta(days=k * 3, milliseconds=rng.randint(3_600_000, 4 * day))
                    when = when.replace(minute=rng.choice([0, 15, 30, 45]), second=0, microsecond=0)
                    booked = o["last_advanced_at"]
                    g.rows["interviews"].append({"id": g.uuid(), "opportunity_id": o["id"], "scheduled_at": when,
                                                 "duration_min": rng.choice([30, 45, 60]),
                                                 "kind": rng.choice(["in-person", "video", "phone"]),
                                                 "interviewer_id": rng.choice(active), "created_at": booked,
                                                 "updated_at": booked})
                    g.activity(o, "interview_scheduled", o["stage_changes"][-1]["userId"],
                               {"interviewId": g.rows["interviews"][-1]["id"], "date": to_epoch_ms(when)}, booked)
                # a long-unmoved candidacy that got another interview booked recently: active by
                # its activity log, though lastInteractionAt stays at the old stage move
                if stale and not arch and rng.random() < 0.5:
                    booked = g.now - dt.timedelta(milliseconds=rng.randint(5 * day, 50 * day))
                    when = booked + dt.timedelta(milliseconds=rng.randint(3_600_000, 4 * day))
                    when = when.replace(minute=rng.choice([0, 15, 30, 45]), second=0, microsecond=0)
                    who = rng.choice(active)
                    g.rows["interviews"].append({"id": g.uuid(), "opportunity_id": o["id"], "scheduled_at": when,
                                                 "duration_min": rng.choice([30, 45, 60]),
                                                 "kind": rng.choice(["in-person", "video", "phone"]),
                                                 "interviewer_id": rng.choice(active), "created_at": booked,
                                                 "updated_at": booked})
                    g.activity(o, "interview_scheduled", who,
                               {"interviewId": g.rows["interviews"][-1]["id"], "date": to_epoch_ms(when)}, booked)

    # follow-ups booked in the last three days, five to seven weeks ahead (drawn after everything
    # else, so the records above keep their ids): some fall after Adelaide's daylight-saving
    # change, which a +10:30 shift gets an hour wrong
    recent = [o for o in g.rows["opportunities"] if o["archived_at"] is None and STAGES.index(o["stage"]) >= 2
              and g.now - o["last_advanced_at"] < dt.timedelta(days=10)]
    for o in recent:
        if rng.random() < 0.3:
            booked = g.now - dt.timedelta(milliseconds=rng.randint(3_600_000, 3 * day))
            when = (g.now + dt.timedelta(milliseconds=rng.randint(35 * day, 50 * day))).replace(
                minute=rng.choice([0, 15, 30, 45]), second=0, microsecond=0)
            who = rng.choice(active)
            g.rows["interviews"].append({"id": g.uuid(), "opportunity_id": o["id"], "scheduled_at": when,
                                         "duration_min": rng.choice([30, 45, 60]), "kind": "in-person",
                                         "interviewer_id": rng.choice(active), "created_at": booked,
                                         "updated_at": booked})
            g.activity(o, "interview_scheduled", who,
                       {"interviewId": g.rows["interviews"][-1]["id"], "date": to_epoch_ms(when)}, booked)


def care_rebooked(g: Gen) -> None:
    """care-450 as it is (same records, same ids: the generator is keyed on care-450), plus
    rescheduled interviews drawn afterwards from a second generator (trap
    `interview-reschedule-not-interaction`): an interview moved to another time keeps its id and
    createdAt; its `date` and `updatedAt` move and an `interview_rescheduled` activity is written,
    while lastInteractionAt stays put."""
    care(g)
    rng = random.Random(f"pipelane:care-450-rebooked:{g.seed_value}:rebookings")
    day = 86_400_000
    active = [u["id"] for u in g.rows["users"] if u["deactivated_at"] is None and u["email"].split("@")[0] in
              ("priya", "jonas", "mei", "leon", "grace", "tomas")]
    last: dict[str, dt.datetime] = {}
    for a in g.rows["activities"]:
        last[a["opportunity_id"]] = max(last.get(a["opportunity_id"], a["created_at"]), a["created_at"])
    by_opp: dict[str, list[dict]] = {}
    for i in g.rows["interviews"]:
        by_opp.setdefault(i["opportunity_id"], []).append(i)
    opps = [o for o in g.rows["opportunities"] if o["archived_at"] is None and o["id"] in by_opp]
    unmoved = [o for o in opps if g.now - last[o["id"]] > dt.timedelta(days=61)]
    lively = [o for o in opps if g.now - last[o["id"]] < dt.timedelta(days=40)]
    old_booked = [o for o in unmoved if min(i["created_at"] for i in by_opp[o["id"]]) < g.now - dt.timedelta(days=75)]

    def move(o: dict, lo_days: float, hi_days: float) -> None:
        iv = max(by_opp[o["id"]], key=lambda i: (i["scheduled_at"], i["id"]))
        first = max(to_epoch_ms(g.now) - int(hi_days * day), to_epoch_ms(iv["created_at"]) + 3_600_000)
        latest = to_epoch_ms(g.now) - int(lo_days * day)
        if first >= latest:
            return
        at = g.now - dt.timedelta(milliseconds=to_epoch_ms(g.now) - rng.randint(first, latest))
        when = (at + dt.timedelta(milliseconds=rng.randint(3_600_000, 10 * day))).replace(
            minute=rng.choice([0, 15, 30, 45]), second=0, microsecond=0)
        frm = iv["scheduled_at"]
        iv.update(scheduled_at=when, updated_at=at)
        g.activity(o, "interview_rescheduled", rng.choice(active),
                   {"interviewId": iv["id"], "fromDate": to_epoch_ms(frm), "date": to_epoch_ms(when)}, at)

    # long-unmoved candidacies whose only recent activity is a rebooking 3-40 days ago: active
    rebooked = rng.sample(unmoved, min(7, len(unmoved)))
    for o in rebooked:
        move(o, 3, 40)
    # rebookings long ago (65-80 days) on other unmoved ones: still stale
    rest = [o for o in old_booked if o not in rebooked]
    for o in rng.sample(rest, min(2, len(rest))):
        move(o, 65, 80)
    # and rebookings on lively candidacies (nothing changes for them)
    for o in rng.sample(lively, min(12, len(lively))):
        move(o, 0.2, 20)


GREYFRIARS_TITLES = ["Senior Designer", "Frontend Engineer", "Strategist", "Account Director", "Motion Designer",
                     "Copywriter", "Producer", "Backend Engineer", "UX Researcher"]


def greyfriars(g: Gen) -> None:
    g.users()
    _postings(g, [(f"{t} — Edinburgh", "Greyfriars", "Edinburgh") for t in GREYFRIARS_TITLES])


TASK_DATASETS = {"care-450": care, "care-450-rebooked": care_rebooked, "tutors-1500": tutors, "quayline": quayline, "saltmarsh": saltmarsh,
                 "saltmarsh-90": saltmarsh_90,
                 "greyfriars": greyfriars}


# a variant dataset drawn from its base's generator (same records and ids), plus its own plants
DATASET_BASE = {"care-450-rebooked": "care-450"}


def seed(s, c, dataset: str, seed_value: int) -> None:
    g = Gen(DATASET_BASE.get(dataset, dataset), seed_value, TUTORS_ANCHOR if dataset == "tutors-1500" else c.now())
    if dataset in SIZES:
        generic(g, SIZES[dataset])
    elif dataset in TASK_DATASETS:
        TASK_DATASETS[dataset](g)
    else:  # pragma: no cover - vendor.yaml lists only implemented datasets
        raise ValueError(dataset)
    for table, rows in g.rows.items():
        if rows:
            s.execute(insert(TABLES[table]), rows)
