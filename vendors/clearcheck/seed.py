"""ClearCheck datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("clearcheck:<dataset>:<seed>")`
drives every draw; ids are hex from that stream; timestamps are offsets back from the clock.

Every dataset has the fixed package catalog (PACKAGES). Seeded checks are stored in the
state the lifecycle would have given them at the seed instant (status, result, completed_at,
report), with their plan (`in_progress_at`, `complete_at`, `planned_result`), so those still
open complete as the clock moves, exactly like API orders.

vantor-60 (harden-06, Vantor Defence Systems)
    60 current engineer candidates, `external_id` = candidate ref `VDS-<BRS|FAR|ABD|GLA>-<3100+i>`, each
    with one open or complete `enhanced_security` check (same `external_id`); two of them also
    have an earlier order that was cancelled (62 checks). Roles by a shuffle of the engineers:
    18 complete before the clock (finished 6 h … 8 days ago, so about half the reports answer
    410 at the clock; 4 `consider`); 42 open (`in_progress` once 2 h old, else `pending`), of
    which 5 complete 3, 6, 9, 12 and 15 min after the clock (so a sandbox sees completions
    live; 2 `consider`) and the rest 2–60 h after it (6 more `consider`). 15 open checks are
    *silent*: the dataset sets `drop_deliveries` to their `check.completed` and
    `report.completed` event ids (`msg_<check hex>_complete`, `msg_<check hex>_report`), one
    of them among the five early ones. The dataset also sets `publish_lag_s` to 90: a
    finished check shows `complete` 90 s after its `completed_at` (mutations.publish_lag), and
    `consider_publish_lag_s` to 3 h: a `consider` shows complete 3 h after its `completed_at`
    (the two early considers are planned 3 h earlier, so they are still released 3 and 6 min
    after the clock, each with a `completed_at` about 3 h before its release). Then the
    account's history, drawn last (so the ids above do not move): 100 earlier engineers
    (`VDS-<site>-<2000+j>`), one check each, finished 10 days … 3 years before the clock
    (every tenth cancelled, about 15 % consider): 162 checks in all.
    harden-06's scenario re-plans the open checks by id (mutate `complete_at`).

paws-history (fix-12, Pawsworth Veterinary Group)
    The order history the old screening sync left in Pawsworth's account, for the nurses of
    Crewtide's `paws` dataset of the same seed (replayed from Crewtide's seeder, so names and
    e-mails match). One ClearCheck candidate per nurse with history (`external_id` = the Crewtide
    candidate id, names and e-mail as in Crewtide); every check `standard`, `external_id` = the
    Crewtide candidate id. Roles by position among the hired candidates (sorted by id; for seed
    47: 12, 22, 30, 39, 46, 48, and 17, the first hired on two jobs):
    - [4] one complete `clear` check, 20 days old;
    - [8] complete `clear` (9 days) plus a `pending` duplicate ordered 40 min ago (in progress
      +20 min, complete +5 h `consider`);
    - [12] complete `consider` (3 days) plus an `in_progress` duplicate ordered 44 h ago that
      completes `clear` at +4 h (a slow court);
    - [16] `in_progress` (ordered 5 h ago, complete +1 h `clear`) plus a `pending` duplicate
      ordered 50 min ago (complete +5 h `clear`);
    - [18] one check ClearCheck cancelled 4 days ago (consent form never returned);
    - [19] a cancelled check (10 days) and a complete `clear` re-order (8 days);
    - the first candidate hired on two jobs: two `pending` checks created in the same second
      35 min ago (complete +5 h and +6 h, `clear`).

empty
    Packages only (tasks whose integration orders every check).

acorns-by-hand (build-13 v2, Little Acorns Childcare)
    As empty, plus the checks head office ordered by hand in ClearCheck's own screens before
    the integration, for three of the 14 Offer applicants of Jobsmith's `nurseries` dataset of
    the same seed (replayed from Jobsmith's seeder, so names and e-mails match; roles by
    position in Jobsmith's OFFERS, for seed 3 applicants 9, 44 and 86). Each has a candidate
    typed by hand (no `external_id`) whose e-mail is the applicant's re-cased or padded with
    spaces, and one `enhanced_childcare` check whose `external_id` is empty or free text:
    - [1] complete `clear`, ordered 4 days ago, finished 30 h ago; no external_id; e-mail
      re-cased (`Pablo.Mbeki.9@Applicants.example`);
    - [6] `in_progress`, ordered 26 h ago, waiting on a slow court (complete +20 h,
      `consider`); external_id `Painswick offer` (the nursery); e-mail padded and re-cased;
    - [11] cancelled 3 days ago (the consent form never came back); no external_id; e-mail
      as in Jobsmith.

skyguard (migrate-09, Skyguard Screening)
    As empty, plus the account's aviation package `aviation_basic` (SKYGUARD_PACKAGE: queue 1 h,
    turnaround 5 h, 20 % of orders wait 30 h for a slow court). No candidates, no checks.

small (50 candidates, 50 checks) / large (5,000 candidates, 5,000 checks)
    Candidates `external_id` `HR-<1000+i>` for two thirds of them; one check each, created
    between 10 days and 1 hour before the clock, `external_id` `APP-<5000+i>` on two thirds.
    Planned results ≈20 % `consider`; a quarter of the (unplanted) checks still open at the
    clock are `cancelled`. Planted (always, in list order of `created_at`):
    - the 3 newest checks are `pending` (complete 2–6 h after the clock),
    - the next 2 are `in_progress`.
    With checks spread over 10 days, completed checks have both reports older than 72 h
    (GET → 410) and fresh ones (GET → 200) — checked for seed 1 by the tests.
"""
from __future__ import annotations

import random
from datetime import timedelta

from vendors.kit import names

from .models import REPORT_TTL_H, Candidate, Check, Package, Report
from .mutations import summary

# code, name, description, price_cents, queue_h, turnaround_h, slow_pct, slow_h
PACKAGES = [
    ("basic_criminal", "Basic criminal record", "National criminal record search.", 1200, 1, 4, 10, 30),
    ("standard", "Standard employment screen", "Criminal records, identity, right to work and two employment "
     "references.", 3500, 1, 6, 15, 48),
    ("enhanced_childcare", "Enhanced check with children's barred list", "Enhanced criminal record check including "
     "the children's barred list, for regulated work with children.", 5200, 2, 5, 30, 50),
    ("enhanced_security", "Enhanced security screening", "Enhanced criminal record, credit, five-year address and "
     "employment history for security-cleared roles.", 8900, 2, 8, 20, 60),
    ("right_to_work", "Right to work", "Identity document and right-to-work verification.", 600, 0, 1, 0, 1),
]
SIZES = {"small": 50, "large": 5000, "empty": 0, "skyguard": 0}
# skyguard: the aviation package only Skyguard's account carries
SKYGUARD_PACKAGE = ("aviation_basic", "Aviation security basic", "Identity, right to work, five-year "
                    "employment history and criminal record for airside security roles.", 4100, 1, 5, 20, 30)
# paws-history: role by position among the hired nurses (see the module docstring)
PAWS_ROLES = {4: "clear", 8: "clear+pending", 12: "consider+running", 16: "running+pending", 18: "cancelled",
              19: "cancelled+clear"}
VANTOR_SITES = ["BRS", "FAR", "ABD", "GLA"]
VANTOR_PUBLISH_LAG_S = 90
VANTOR_CONSIDER_LAG_S = 3 * 3600
VANTOR_HISTORY = 100


def _hex(rng: random.Random, n: int = 12) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"clearcheck:{dataset}:{seed_value}")
    for p in PACKAGES + ([SKYGUARD_PACKAGE] if dataset == "skyguard" else []):
        s.add(Package(code=p[0], name=p[1], description=p[2], price_cents=p[3], queue_h=p[4], turnaround_h=p[5],
                      slow_pct=p[6], slow_h=p[7]))
    if dataset == "vantor-60":
        return _vantor(s, c, rng)
    if dataset == "paws-history":
        return _paws_history(s, c, rng, seed_value)
    if dataset == "acorns-by-hand":
        return _acorns_by_hand(s, c, rng, seed_value)
    n = SIZES[dataset]
    now = c.now()
    pkgs = {p[0]: p for p in PACKAGES}
    codes = [p[0] for p in PACKAGES]
    # creation offsets (seconds before now), newest last; the 5 newest are planted open.
    ages = sorted((rng.randint(3600 * 7, 3600 * 24 * 10) for _ in range(max(n - 5, 0))), reverse=True)
    if n:
        ages += [3600 * 6, 3600 * 5, 3600 * 3, 3600 * 2, 3600]
    candidates, checks, reports = [], [], []
    for i, age in enumerate(ages):
        person = names.person(rng, i)
        created = now - timedelta(seconds=age)
        cand = Candidate(id=f"cand_{_hex(rng)}", external_id=f"HR-{1000 + i}" if rng.random() < 0.67 else None,
                         first_name=person["first_name"], last_name=person["last_name"], email=person["email"],
                         dob=f"{rng.randint(1960, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                         created_at=created, updated_at=created)
        candidates.append(cand)
        code = rng.choice(codes)
        p = pkgs[code]
        opened = created + timedelta(minutes=rng.randint(1, 30))
        in_prog = opened + timedelta(hours=p[4])
        planted_open = i >= n - 5
        if planted_open:
            # 3 newest pending, next 2 in progress; all complete 2–6 h after the clock
            in_prog = now + timedelta(minutes=30) if i >= n - 3 else opened + timedelta(minutes=10)
            done = now + timedelta(hours=2 + (n - 1 - i) % 5)
        else:
            done = opened + timedelta(hours=p[7] if rng.randint(0, 99) < p[6] else p[5])
        result = "consider" if rng.random() < 0.2 else "clear"
        ch = Check(id=f"chk_{_hex(rng)}", candidate_id=cand.id, package=code,
                   external_id=f"APP-{5000 + i}" if rng.random() < 0.67 else None, planned_result=result,
                   in_progress_at=in_prog, complete_at=done, created_at=opened, status="pending", updated_at=opened)
        if done <= now:
            rid = f"rpt_{_hex(rng)}"
            ch.status, ch.result, ch.completed_at, ch.report_id, ch.updated_at = "complete", result, done, rid, done
            reports.append(Report(id=rid, check_id=ch.id, result=result, summary=summary(code, result), created_at=done,
                                  expires_at=done + timedelta(hours=REPORT_TTL_H)))
        elif in_prog <= now:
            ch.status, ch.updated_at = "in_progress", in_prog
        if ch.status != "complete" and not planted_open and rng.random() < 0.25:
            ch.status, ch.cancelled_at = "cancelled", max(ch.updated_at, now - timedelta(minutes=rng.randint(5, 300)))
            ch.updated_at = ch.cancelled_at
        checks.append(ch)
    s.add_all(candidates)
    s.add_all(checks)
    s.add_all(reports)


def _vantor(s, c, rng: random.Random) -> None:
    """vantor-60: 60 engineers and 62 `enhanced_security` checks (see module docstring)."""
    now = c.now()
    n = 60
    H, M = timedelta(hours=1), timedelta(minutes=1)
    order = list(range(n))
    rng.shuffle(order)
    done = set(order[:18])          # complete before the clock
    cancelled = set(order[18:20])   # a cancelled first order, re-ordered (open)
    early = order[20:25]            # open, complete 3-15 min after the clock
    open_ = order[20:]
    consider = set(order[:4]) | set(order[20:22]) | set(rng.sample(order[25:], 6))
    silent = set(order[21:22]) | set(rng.sample(order[25:], 14))
    drop = []

    def add_check(cand, ext, created, status, result, in_prog, complete, cancelled_at=None):
        ch = Check(id=f"chk_{_hex(rng)}", candidate_id=cand.id, package="enhanced_security", external_id=ext,
                   planned_result=result, in_progress_at=in_prog, complete_at=complete, created_at=created,
                   status=status, updated_at=created)
        if status == "in_progress":
            ch.updated_at = in_prog
        elif status == "complete":
            rid = f"rpt_{_hex(rng)}"
            ch.result, ch.completed_at, ch.report_id, ch.updated_at = result, complete, rid, complete
            s.add(Report(id=rid, check_id=ch.id, result=result, summary=summary("enhanced_security", result),
                         created_at=complete, expires_at=complete + timedelta(hours=REPORT_TTL_H)))
        elif status == "cancelled":
            ch.cancelled_at = ch.updated_at = cancelled_at
        s.add(ch)
        return ch

    for i in range(n):
        person = names.person(rng, i)
        ref = f"VDS-{VANTOR_SITES[i % 4]}-{3100 + i}"
        result = "consider" if i in consider else "clear"
        if i in done:
            k = order.index(i)
            finished = now - timedelta(hours=6 + round(k * 186 / 17))  # 6 h ... 8 days ago
            created = finished - timedelta(hours=rng.randint(9, 40), minutes=rng.randint(0, 59))
        else:
            created = now - timedelta(hours=rng.randint(2, 30), minutes=rng.randint(0, 59))
        if i in cancelled:
            first = created - timedelta(days=rng.randint(3, 6))
            created = now - timedelta(hours=rng.randint(3, 20), minutes=rng.randint(0, 59))
        cand = Candidate(id=f"cand_{_hex(rng)}", external_id=ref, first_name=person["first_name"],
                         last_name=person["last_name"], email=person["email"].replace("@", f".vds{i}@", 1),
                         dob=f"{rng.randint(1965, 2001)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                         created_at=created, updated_at=created)
        s.add(cand)
        if i in cancelled:
            add_check(cand, ref, first, "cancelled", "clear", first + 2 * H, first + 10 * H,
                      cancelled_at=first + rng.randint(20, 60) * M)
        opened = created + timedelta(minutes=rng.randint(1, 20))
        if i in done:
            add_check(cand, ref, opened, "complete", result, opened + 2 * H, finished)
            continue
        in_prog = opened + 2 * H
        if i in early:
            complete = now + (3 + 3 * early.index(i)) * M
            if result == "consider":  # released on the same schedule, after the second review
                complete -= timedelta(seconds=VANTOR_CONSIDER_LAG_S)
        else:
            complete = now + timedelta(hours=2 + rng.randint(0, 58), minutes=rng.randint(0, 59))
        ch = add_check(cand, ref, opened, "in_progress" if in_prog <= now else "pending", result, in_prog, complete)
        if i in silent:
            tail = ch.id.split("_", 1)[1]
            drop += [f"msg_{tail}_complete", f"msg_{tail}_report"]
    # the account's history: engineers screened in earlier years (every check finished long ago)
    for j in range(VANTOR_HISTORY):
        person = names.person(rng, n + j)
        ref = f"VDS-{VANTOR_SITES[j % 4]}-{2000 + j}"
        finished = now - timedelta(days=10 + round(j * 1085 / (VANTOR_HISTORY - 1)), hours=rng.randint(0, 23))
        created = finished - timedelta(hours=rng.randint(9, 60), minutes=rng.randint(0, 59))
        cand = Candidate(id=f"cand_{_hex(rng)}", external_id=ref, first_name=person["first_name"],
                         last_name=person["last_name"], email=person["email"].replace("@", f".vdh{j}@", 1),
                         dob=f"{rng.randint(1960, 2000)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                         created_at=created, updated_at=created)
        s.add(cand)
        opened = created + timedelta(minutes=rng.randint(1, 20))
        if j % 10 == 7:  # withdrawn offers: the order was cancelled
            add_check(cand, ref, opened, "cancelled", "clear", opened + 2 * H, finished,
                      cancelled_at=opened + rng.randint(30, 600) * M)
        else:
            add_check(cand, ref, opened, "complete", "consider" if rng.random() < 0.15 else "clear",
                      opened + 2 * H, finished)
    # the incident: these deliveries are recorded as dropped and never sent
    c.settings["drop_deliveries"] = {"event_ids": drop}
    # results are released after quality review: completed_at is when the research finished;
    # a consider goes to a second reviewer first
    c.settings["publish_lag_s"] = VANTOR_PUBLISH_LAG_S
    c.settings["consider_publish_lag_s"] = VANTOR_CONSIDER_LAG_S


class _Recorder:
    """Stands in for a session while Crewtide's seeder is replayed: keeps the inserted rows."""

    def __init__(self):
        self.rows: dict[str, list[dict]] = {}

    def execute(self, stmt, rows=None):
        if rows is not None:
            self.rows.setdefault(stmt.table.name, []).extend(rows)


def _paws_history(s, c, rng: random.Random, seed_value: int) -> None:
    """paws-history: the old sync's orders for Crewtide paws/<seed>'s nurses (module docstring)."""
    from vendors.crewtide import seed_tasks as crewtide_seed

    rec = _Recorder()
    crewtide_seed.paws(rec, random.Random(f"crewtide:paws:{seed_value}"), c.now())
    people = {p["id"]: p for p in rec.rows["candidates"]}
    hired_apps = [a["candidate_id"] for a in rec.rows["job_applications"] if a["status"] == "hired"]
    hired = sorted(set(hired_apps))
    roles = {hired[i]: role for i, role in PAWS_ROLES.items() if i < len(hired)}
    twice = [h for h in hired if hired_apps.count(h) > 1 and h not in roles]
    if twice:
        roles[twice[0]] = "same-second-pair"
    now = c.now()
    H = timedelta(hours=1)
    M = timedelta(minutes=1)

    def check(cand, ext, created, status, result, in_prog, done, cancelled=None):
        ch = Check(id=f"chk_{_hex(rng)}", candidate_id=cand.id, package="standard", external_id=ext,
                   planned_result=result, in_progress_at=in_prog, complete_at=done, created_at=created,
                   status=status, updated_at=created)
        if status == "in_progress":
            ch.updated_at = in_prog
        elif status == "complete":
            rid = f"rpt_{_hex(rng)}"
            ch.result, ch.completed_at, ch.report_id, ch.updated_at = result, done, rid, done
            s.add(Report(id=rid, check_id=ch.id, result=result, summary=summary("standard", result),
                         created_at=done, expires_at=done + timedelta(hours=REPORT_TTL_H)))
        elif status == "cancelled":
            ch.cancelled_at = ch.updated_at = cancelled
        s.add(ch)

    for cid in sorted(roles):
        p, role, ext = people[cid], roles[cid], str(cid)
        first = now - {"clear": 20 * 24 * H, "clear+pending": 9 * 24 * H, "consider+running": 3 * 24 * H,
                       "running+pending": 5 * H, "cancelled": 6 * 24 * H, "cancelled+clear": 10 * 24 * H,
                       "same-second-pair": 35 * M}[role]
        cand = Candidate(id=f"cand_{_hex(rng)}", external_id=ext, first_name=p["first_name"],
                         last_name=p["last_name"], email=p["email"], dob=None, created_at=first, updated_at=first)
        s.add(cand)
        if role in ("clear", "clear+pending"):
            check(cand, ext, first, "complete", "clear", first + H, first + 6 * H)
        if role == "clear+pending":
            t = now - 40 * M
            check(cand, ext, t, "pending", "consider", now + 20 * M, now + 5 * H)
        if role == "consider+running":
            check(cand, ext, first, "complete", "consider", first + H, first + 6 * H)
            t = now - 44 * H
            check(cand, ext, t, "in_progress", "clear", t + H, now + 4 * H)
        if role == "running+pending":
            check(cand, ext, first, "in_progress", "clear", first + H, now + H)
            t = now - 50 * M
            check(cand, ext, t, "pending", "clear", now + 10 * M, now + 5 * H)
        if role == "cancelled":
            check(cand, ext, first, "cancelled", "clear", first + H, first + 6 * H, cancelled=now - 4 * 24 * H)
        if role == "cancelled+clear":
            check(cand, ext, first, "cancelled", "clear", first + H, first + 6 * H, cancelled=first + 2 * 24 * H)
            t = first + 2 * 24 * H
            check(cand, ext, t, "complete", "clear", t + H, t + 6 * H)
        if role == "same-second-pair":
            check(cand, ext, first, "pending", "clear", now + 25 * M, now + 5 * H)
            check(cand, ext, first, "pending", "clear", now + 25 * M, now + 6 * H)


# acorns-by-hand: position in Jobsmith's OFFERS -> (role, e-mail as typed, external_id)
ACORNS_HAND = {1: ("clear", "recase", None), 6: ("running", "pad", "{town} offer"), 11: ("cancelled", "same", None)}


def _acorns_by_hand(s, c, rng: random.Random, seed_value: int) -> None:
    """acorns-by-hand: head office's hand-made orders for Jobsmith nurseries/<seed>'s offers."""
    from vendors.jobsmith import seed_tasks as jobsmith_seed

    class _Clock:
        extra: dict = {}

        def __init__(self, now):
            self._now = now

        def now(self):
            return self._now

    now = c.now()
    rec = _Recorder()
    jobsmith_seed.nurseries(rec, _Clock(now), random.Random(f"jobsmith:nurseries:{seed_value}"))
    people = {p["id"]: p for p in rec.rows["applicants"]}
    job_of = {link["applicant_id"]: link["job_id"] for link in rec.rows["applicants2jobs"]}
    towns = {j["id"]: j["city"] for j in rec.rows["jobs"]}
    H = timedelta(hours=1)
    for pos, (role, typed, ext) in sorted(ACORNS_HAND.items()):
        aid = jobsmith_seed.OFFERS[pos]
        p = people[aid]
        local, _, domain = p["email"].partition("@")
        email = {"recase": ".".join(w.capitalize() for w in local.split(".")) + "@" + domain.capitalize(),
                 "pad": f" {local}@{domain.capitalize()} ",
                 "same": p["email"]}[typed]
        first = now - {"clear": 96 * H, "running": 26 * H, "cancelled": 8 * 24 * H}[role]
        cand = Candidate(id=f"cand_{_hex(rng)}", external_id=None, first_name=p["first_name"],
                         last_name=p["last_name"], email=email, dob=None, created_at=first, updated_at=first)
        s.add(cand)
        opened = first + timedelta(minutes=rng.randint(3, 25))
        ch = Check(id=f"chk_{_hex(rng)}", candidate_id=cand.id, package="enhanced_childcare",
                   external_id=ext.format(town=towns[job_of[aid]]) if ext else None,
                   planned_result="consider" if role == "running" else "clear",
                   in_progress_at=opened + 2 * H, complete_at=opened + 66 * H, created_at=opened,
                   status="pending", updated_at=opened)
        if role == "clear":
            done = now - 30 * H
            ch.complete_at = done
            rid = f"rpt_{_hex(rng)}"
            ch.status, ch.result, ch.completed_at, ch.report_id, ch.updated_at = "complete", "clear", done, rid, done
            s.add(Report(id=rid, check_id=ch.id, result="clear", summary=summary("enhanced_childcare", "clear"),
                         created_at=done, expires_at=done + timedelta(hours=REPORT_TTL_H)))
        elif role == "running":
            ch.complete_at = now + 20 * H
            ch.status, ch.updated_at = "in_progress", ch.in_progress_at
        else:
            ch.status = "cancelled"
            ch.cancelled_at = ch.updated_at = now - 72 * H
        s.add(ch)
