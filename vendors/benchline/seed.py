"""Benchline datasets. Deterministic: one `random.Random("benchline:<dataset>:<seed>")` drives
everything, names come from `vendors.kit.names`, and every instant is relative to the clock the
seeder sees (frozen at the reset instant, `NOW`), truncated to the whole second. Seeds write
rows directly: the event log (`events`) starts empty, and so do event subscriptions except
mine-sites' standing one (below).

Common to all datasets
- Integer ids from 1 per entity, in creation order.
- Candidates: statuses Active · Available · Placed · Inactive (Placed iff the candidate holds a
  placement with status Approved or Active); `dateAvailable` a date (account time zone
  America/Chicago) for about half of them.
- Job orders: `customText3` = a site code (`<SITE>-<nn>`); the job order with index
  `i % 25 == 7` (0-based) has no site code (null) — a roster built from it has site_code null.
  `clientCorporation.name` from the dataset's client pool.
- Submissions: the first N (N = number of placements) are the placements' own, status
  `Placed`, same candidate and job order as placement N; the rest are unplaced (Submitted,
  Interview Scheduled, Offer Extended, Client Rejected) on random pairs.
- Placements: statuses Approved · Active · Submitted · Completed · Terminated; `dateBegin` a
  date in the last 180 days or the next 30; `dateEnd` null (open-ended) for about a third,
  else after `dateBegin` — some already in the past (ended). `customText1` = the role on site
  (null for the placement with index `i % 30 == 11`). Rates in dollars per hour
  (`payRate` < `clientBillRate`).
- `dateAdded` <= `dateLastModified` <= NOW everywhere.

Datasets (counts exact for every seed)
- `small`: 50 candidates, 12 job orders, 30 placements, 60 submissions.
- `large`: 5,000 candidates, 400 job orders, 3,000 placements, 6,000 submissions.
- `kestrel-1` (build-09, Kestrel Build Group): 300 candidates, 40 job orders for site
  supervisors / crane operators / riggers on `KBG-` sites, 600 placements (more than one
  200-record page of Approved ones), 700 submissions.
- `kestrel-2` (build-09 v2): kestrel-1's account, record for record (the same draws: the rows
  are those of kestrel-1 with the same seed), set up in **Europe/London** (`models.DATASET_TZ`):
  its date-only fields go on the wire as epoch ms of London midnight — 00:00 UTC in winter (GMT),
  23:00 UTC the day before in summer (BST) — while the docs name America/Chicago as the usual
  zone. Read in Chicago every date is a day early; read as UTC dates, the summer ones are.
- `mine-sites` (fix-09, Redvein Mining): 400 candidates, 30 job orders on `RVM-` sites,
  260 placements, 320 submissions. Planted on top of the draws (no extra random numbers, so
  nothing else moves): the first two Approved placements with a later end date end **today**
  (still due at the gate today), the first open-ended Approved placement ended **yesterday**
  and is still Approved (recruiters close placements late), and a renewal: the first Completed
  placement becomes an Approved, open-ended placement of the candidate and job order of the
  first Approved placement that has already ended, starting the day after that one ended (two
  Approved placements of one person on one site, one of them over). The account also holds
  the gate-list poller's standing event subscription `rvm-gate-list` (Placement, JobOrder,
  Candidate; every event type), created 13 days before the reset instant, polled every five
  minutes since (`lastRequestId` 3741, last polled 4 minutes before the reset instant): a
  client that subscribes under that name gets 409 `errors.subscriptionExists`, a client that
  polls it without subscribing gets its (empty) next batch.
- `rail` (harden-07, Cinder Valley Rail): 600 candidates, 50 job orders on `CVR-` sites,
  450 placements, 500 submissions. Planted: the agency's timesheet tool shares the API user and
  holds one session all day (a live session row that expires 30 days after the reset instant,
  so it survives the scenario's clock jumps): of the user's 3 live sessions only 2 are free.
  The docs do not mention it; a login answered 403 `max_sessions` after two logins shows it.
- `tallgrass` (reserved, unused): 800 candidates, 60 job orders, 700 placements, 900 submissions.
- `tallgrass-qe` (migrate-06, Tallgrass Energy Contractors, Western Australia): 120 candidates,
  20 job orders on `TGS-` sites (every one with a site code), 240 placements (more than one
  200-record page), 240 submissions (the placements' own). Drawn by `_seed_tallgrass_qe`, not
  the common loop. The account's time zone is **Australia/Perth** (`models.DATASET_TZ`): its
  date-only fields go on the wire as epoch ms of Perth midnight (16:00 UTC the day before),
  while the docs name America/Chicago as the usual zone. Statuses Approved 30 · Active 30 ·
  Submitted 5 · Completed 20 · Terminated 15 (weights); Completed and Terminated placements
  ended 1-150 days before the reset (so about half of the Terminated ones before 2026-01-01
  for a reset on 2026-03-02). Rates in dollars with two or three decimals (about 40 % end in a
  half cent, e.g. 41.675, whose binary float lies just below or above the half). Planted by
  position (every seed): the first Terminated placement ends 2026-01-01 and the second
  2025-12-31; the first Completed one ends 2025-11-14; the first Approved one pays 41.675 and
  bills 58.345, the first Active one pays 33.165 and bills 45.125.
"""
from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import insert

from vendors.kit import names

from .models import (CANDIDATE_STATUSES, EMPLOYMENT_TYPES, SUBMISSION_STATUSES, Candidate, EventSubscription,
                     JobOrder, JobSubmission, Placement)

# dataset -> (candidates, job orders, placements, submissions, site prefix, titles, clients)
SITE_TITLES = ["Site Supervisor", "Crane Operator", "Rigger", "Scaffolder", "Banksman", "Plant Operator"]
MINE_TITLES = ["Haul Truck Operator", "Shotfirer", "Underground Miner", "Maintenance Fitter", "Site Supervisor"]
RAIL_TITLES = ["Track Worker", "Lookout Operator", "Welder (Thermite)", "Protection Master", "Site Supervisor"]
DATASETS = {
    "small": (50, 12, 30, 60, "SITE", names.JOB_TITLES, [n for _, n in names.CLIENTS]),
    "large": (5000, 400, 3000, 6000, "SITE", names.JOB_TITLES, [n for _, n in names.CLIENTS]),
    "kestrel-1": (300, 40, 600, 700, "KBG", SITE_TITLES, ["Kestrel Build Group"]),
    "kestrel-2": (300, 40, 600, 700, "KBG", SITE_TITLES, ["Kestrel Build Group"]),
    "mine-sites": (400, 30, 260, 320, "RVM", MINE_TITLES, ["Redvein Mining"]),
    "rail": (600, 50, 450, 500, "CVR", RAIL_TITLES, ["Cinder Valley Rail"]),
    "tallgrass": (800, 60, 700, 900, "TGS", names.JOB_TITLES, [n for _, n in names.CLIENTS]),
    "tallgrass-qe": (120, 20, 240, 240, "TGS", None, ["Tallgrass Energy Contractors"]),
}
# datasets drawn exactly as another one (same random numbers, same rows; only the account differs)
SAME_DRAWS = {"kestrel-2": "kestrel-1"}
ENERGY_TITLES = ["Electrical Supervisor", "Mechanical Fitter", "Instrument Technician", "Rigger", "HSE Advisor",
                 "Scaffolder", "Crane Operator"]
PLACEMENT_WEIGHTS = (("Approved", 40), ("Active", 20), ("Submitted", 10), ("Completed", 20), ("Terminated", 10))
JOB_STATUS_WEIGHTS = (("Accepting Candidates", 50), ("Covered", 20), ("Filled", 20), ("Closed", 10))


def _pick(rng: random.Random, weights) -> str:
    return rng.choices([w[0] for w in weights], [w[1] for w in weights])[0]


def _plant_mine_sites(placements: list[dict], pairs: list, today: dt.date) -> None:
    """fix-09's edge cases (module docstring), chosen by position so every seed has them."""
    approved = [p for p in placements if p["status"] == "Approved"]
    for p in [p for p in approved if p["date_end"] is not None and p["date_end"] > today
              and p["date_begin"] <= today][:2]:
        p["date_end"] = today
    open_ended = [p for p in approved if p["date_end"] is None and p["date_begin"] < today]
    open_ended[0]["date_end"] = today - dt.timedelta(days=1)
    ended = next(p for p in approved if p["date_end"] is not None and p["date_end"] < today - dt.timedelta(days=1))
    renewal = next(p for p in placements if p["status"] == "Completed")
    i, j = placements.index(ended), placements.index(renewal)
    renewal.update({"status": "Approved", "candidate_id": ended["candidate_id"], "job_order_id": ended["job_order_id"],
                    "employment_type": ended["employment_type"], "custom_text1": ended["custom_text1"],
                    "date_begin": ended["date_end"] + dt.timedelta(days=1), "date_end": None})
    renewal["date_added"] = max(renewal["date_added"], ended["date_added"])
    renewal["date_last_modified"] = max(renewal["date_last_modified"], renewal["date_added"])
    pairs[j] = pairs[i]


def _money(rng: random.Random, lo: int, hi: int) -> float:
    """Dollars with two decimals, or (about 40 %) three ending in a half cent (41.675)."""
    milli = rng.randint(lo * 1000, hi * 1000) // 10 * 10
    return (milli + 5 if rng.random() < 0.4 else milli) / 1000


def _seed_tallgrass_qe(s, c, seed_value: int) -> None:
    """migrate-06's account (module docstring)."""
    n_cand, n_jobs, n_pl, _n_sub, site, _titles, clients = DATASETS["tallgrass-qe"]
    rng = random.Random(f"benchline:tallgrass-qe:{seed_value}")
    now = c.now().replace(microsecond=0)
    today = now.date()

    def instant(max_days: float, after: dt.datetime | None = None) -> dt.datetime:
        lo = after or now - dt.timedelta(days=max_days)
        return lo + dt.timedelta(seconds=rng.randint(0, max(0, int((now - lo).total_seconds()))))

    jobs = []
    for i in range(n_jobs):
        added = instant(365)
        status = _pick(rng, JOB_STATUS_WEIGHTS)
        jobs.append({
            "id": i + 1, "title": rng.choice(ENERGY_TITLES), "client_name": clients[0], "status": status,
            "is_open": status in ("Accepting Candidates", "Covered"), "employment_type": "Contract",
            "num_openings": rng.randint(1, 8), "city": rng.choice(("Perth", "Karratha", "Port Hedland", "Kalgoorlie")),
            "start_date": today + dt.timedelta(days=rng.randint(-200, 60)),
            "custom_text3": f"{site}-{rng.randint(1, 40):02d}", "is_deleted": False,
            "date_added": added, "date_last_modified": instant(0, added)})
    cands = []
    for i in range(n_cand):
        p = names.person(rng, i + 1)
        added = instant(400)
        cands.append({
            "id": i + 1, "first_name": p["first_name"], "last_name": p["last_name"], "email": p["email"],
            "phone": p["phone"], "city": p["city"], "status": rng.choice(("Active", "Available", "Inactive")),
            "occupation": rng.choice(ENERGY_TITLES), "date_available": None, "is_deleted": False,
            "date_added": added, "date_last_modified": instant(0, added)})
    weights = (("Approved", 30), ("Active", 30), ("Submitted", 5), ("Completed", 20), ("Terminated", 15))
    placements = []
    for i in range(n_pl):
        cand, job = cands[rng.randrange(n_cand)], jobs[rng.randrange(n_jobs)]
        status = _pick(rng, weights)
        begin = today + dt.timedelta(days=rng.randint(-200, 30))
        end = None if rng.random() < 0.25 else begin + dt.timedelta(days=rng.randint(30, 240))
        if status in ("Completed", "Terminated"):
            end = today - dt.timedelta(days=rng.randint(1, 150))
            begin = min(begin, end - dt.timedelta(days=14))
        if status in ("Approved", "Active"):
            cand["status"] = "Placed"
        pay = _money(rng, 30, 95)
        bill = _money(rng, int(pay * 1.3), int(pay * 1.6))
        added = max(instant(200), cand["date_added"], job["date_added"])
        placements.append({
            "id": i + 1, "candidate_id": cand["id"], "job_order_id": job["id"], "status": status,
            "employment_type": "Contract", "date_begin": begin, "date_end": end, "pay_rate": pay,
            "client_bill_rate": bill, "salary_unit": "Per Hour", "custom_text1": job["title"],
            "date_added": added, "date_last_modified": instant(0, added)})
    term = [p for p in placements if p["status"] == "Terminated"]
    for p, end in zip(term[:2], (dt.date(2026, 1, 1), dt.date(2025, 12, 31))):
        p["date_end"], p["date_begin"] = end, min(p["date_begin"], end - dt.timedelta(days=14))
    done = next(p for p in placements if p["status"] == "Completed")
    done["date_end"], done["date_begin"] = dt.date(2025, 11, 14), min(done["date_begin"], dt.date(2025, 10, 31))
    next(p for p in placements if p["status"] == "Approved").update(pay_rate=41.675, client_bill_rate=58.345)
    next(p for p in placements if p["status"] == "Active").update(pay_rate=33.165, client_bill_rate=45.125)
    subs = [{"id": i + 1, "candidate_id": p["candidate_id"], "job_order_id": p["job_order_id"], "status": "Placed",
             "source": "Referral", "is_deleted": False, "date_added": p["date_added"],
             "date_last_modified": p["date_added"]} for i, p in enumerate(placements)]
    for model, rows in ((JobOrder, jobs), (Candidate, cands), (Placement, placements), (JobSubmission, subs)):
        s.execute(insert(model), rows)


def seed(s, c, dataset: str, seed_value: int) -> None:
    if dataset == "tallgrass-qe":
        return _seed_tallgrass_qe(s, c, seed_value)
    n_cand, n_jobs, n_pl, n_sub, site, titles, clients = DATASETS[dataset]
    rng = random.Random(f"benchline:{SAME_DRAWS.get(dataset, dataset)}:{seed_value}")
    now = c.now().replace(microsecond=0)
    today = now.date()

    def instant(max_days: float, after: dt.datetime | None = None) -> dt.datetime:
        lo = after or now - dt.timedelta(days=max_days)
        span = max(0, int((now - lo).total_seconds()))
        return lo + dt.timedelta(seconds=rng.randint(0, span))

    jobs = []
    for i in range(n_jobs):
        added = instant(365)
        status = _pick(rng, JOB_STATUS_WEIGHTS)
        jobs.append({
            "id": i + 1, "title": rng.choice(titles), "client_name": rng.choice(clients), "status": status,
            "is_open": status in ("Accepting Candidates", "Covered"),
            "employment_type": rng.choice(EMPLOYMENT_TYPES), "num_openings": rng.randint(1, 8),
            "city": rng.choice(names.CITIES), "start_date": today + dt.timedelta(days=rng.randint(-200, 60)),
            "custom_text3": None if i % 25 == 7 else f"{site}-{rng.randint(1, 40):02d}",
            "is_deleted": False, "date_added": added, "date_last_modified": instant(0, added)})

    cands = []
    for i in range(n_cand):
        p = names.person(rng, i + 1)
        added = instant(400)
        cands.append({
            "id": i + 1, "first_name": p["first_name"], "last_name": p["last_name"], "email": p["email"],
            "phone": p["phone"], "city": p["city"], "status": rng.choice(("Active", "Available", "Inactive")),
            "occupation": rng.choice(titles),
            "date_available": (today + dt.timedelta(days=rng.randint(-30, 90))) if rng.random() < 0.5 else None,
            "is_deleted": False, "date_added": added, "date_last_modified": instant(0, added)})

    placements, pairs = [], []
    for i in range(n_pl):
        cand, job = cands[rng.randrange(n_cand)], jobs[rng.randrange(n_jobs)]
        status = _pick(rng, PLACEMENT_WEIGHTS)
        begin = today + dt.timedelta(days=rng.randint(-180, 30))
        end = None if rng.random() < 0.34 else begin + dt.timedelta(days=rng.randint(14, 240))
        if status in ("Completed", "Terminated") and (end is None or end >= today):
            end = today - dt.timedelta(days=rng.randint(1, 20))
            begin = min(begin, end - dt.timedelta(days=7))
        if status in ("Approved", "Active"):
            cand["status"] = "Placed"
        pay = round(rng.uniform(22, 75), 2)
        added = max(instant(200), cand["date_added"], job["date_added"])
        placements.append({
            "id": i + 1, "candidate_id": cand["id"], "job_order_id": job["id"], "status": status,
            "employment_type": job["employment_type"], "date_begin": begin, "date_end": end,
            "pay_rate": pay, "client_bill_rate": round(pay * rng.uniform(1.25, 1.6), 2),
            "salary_unit": "Per Hour", "custom_text1": None if i % 30 == 11 else job["title"],
            "date_added": added, "date_last_modified": instant(0, added)})
        pairs.append((cand, job))
    if dataset == "mine-sites":
        _plant_mine_sites(placements, pairs, today)

    subs = []
    for i in range(n_sub):
        if i < len(pairs):
            cand, job = pairs[i]
            status = "Placed"
        else:
            cand, job = cands[rng.randrange(n_cand)], jobs[rng.randrange(n_jobs)]
            status = rng.choice([st for st in SUBMISSION_STATUSES if st != "Placed"])
        added = max(instant(200), cand["date_added"], job["date_added"])
        subs.append({"id": i + 1, "candidate_id": cand["id"], "job_order_id": job["id"], "status": status,
                     "source": rng.choice(("Web Response", "Referral", "LinkedIn", "Job Board")),
                     "is_deleted": False, "date_added": added, "date_last_modified": instant(0, added)})

    assert all(c_["status"] in CANDIDATE_STATUSES for c_ in cands)
    for model, rows in ((JobOrder, jobs), (Candidate, cands), (Placement, placements), (JobSubmission, subs)):
        if rows:
            s.execute(insert(model), rows)
    if dataset == "mine-sites":  # the gate-list poller's standing subscription (module docstring)
        s.add(EventSubscription(id="rvm-gate-list", entity_names=["Placement", "JobOrder", "Candidate"],
                                event_types=["INSERTED", "UPDATED", "DELETED"], cursor=0, last_request_id=3741,
                                last_batch=[], last_polled_at=now - dt.timedelta(minutes=4),
                                created_at=now - dt.timedelta(days=13)))
    if dataset == "rail":  # the timesheet tool's all-day session (module docstring)
        s.add(c.kit.AccessToken(token=f"ses_{rng.getrandbits(128):032x}", client_id=c.credential("client_id"),
                                kind="session", issued_at=now - dt.timedelta(hours=2),
                                expires_at=now + dt.timedelta(days=30), data={"dc": "dc2", "client": "timesheets"}))
