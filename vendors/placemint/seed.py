"""Placemint datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("placemint:<dataset>:<seed>")`
drives every draw; ids are hex from that stream; timestamps are offsets back from the clock.
Rows of each table get `seq` (= list order) in order of `created_at`.

Datasets and their planted records (criteria are written against these rules):

small (50 placements) / large (5,000 placements)
    A generic staffing agency: hospital clients, statuses ≈70 % active, 20 % completed,
    10 % canceled; half carry an `external_ref` `ATS-<n>`; one fee schedule each; approved
    timesheets and one fee per (placement, week) for the two ISO weeks before the clock's
    week; ≈20 % of fees split in two (`P-1xx` partners), ≈3 % void.

fees-340 (build-03, Okonkwo & Reyes Executive Search)
    120 placements, exactly 340 fees (weeks among the 20 before the clock's week, distinct per
    placement). Statuses, chosen on a shuffled order of the fees:
    - 280 `invoiced` with no splits (the nightly job's work),
    - 20 `invoiced` already split, 16 `paid` already split,
    - 24 `void`, of which 3 were split before they were voided (splits older than `voided_at`).
    Credit sheet (`fees340_credit_sheet(seed)`, rows placement_id, partner_id, partner_name,
    role, share_bp in listed order): 102 of the 120 placements have 2–3 partners
    `P-101`…`P-112` with shares summing to 10,000 bp (patterns include 3334/3333/3333 ties);
    18 (RNG-chosen) have no row (→ one 100 % split to `HOUSE`). Every pre-split fee is split
    exactly as `largest_remainder(amount, shares)` allocates (ties to the partner listed first), or
    100 % `HOUSE` without a credit row. The sheet does not depend on the clock.

engineering-500 (fix-03, Hollis & Crane Engineering, currency gbp)
    500 contract-engineer placements at sites HC-BRS/MAN/ABD/SOU/TEE, external_ref
    `HC-<41000+i>`. Dates are fixed to the 2026 calendar (timesheets exist for weeks
    2026-W08, W09, W10 and W11 only; reset with a clock on or after 2026-03-16 for the weeks
    to lie in the past); created/approved stamps are relative to the clock.
    - 470 `active`: a timesheet for every week since their start (≈6 % start in W10 or W11);
      ≈4 % of them have no W11 timesheet yet (not approved).
    - 20 `canceled` (end_date in W11): timesheets W08–W10, 60 % also W11 — no fee is due.
    - 10 `completed`, ended before W08: no timesheets.
    `fee_rate` ("37.35", 2 decimals, GBP per hour) equals `rate_cents`/100 and is copied to
    each timesheet; `approved_hours` are quarter hours 32.00–45.00 (mostly whole or half).
    Fees already exist for W08 (`paid`) and W09 (`invoiced`), one per timesheet, amount =
    round-half-even(fee_rate × approved_hours × 100); none for W10/W11. About a fifth of the
    due W10/W11 amounts differ from `int(float(rate) * float(hours) * 100)` (seed 19: 189 of
    892 — 96 exact products the float truncates a cent short, 93 half- or quarter-cent
    products it truncates instead of rounding).

cruise-crew (harden-02, Cobalt Cruise Lines crew desk)
    80 crew placements on ships CBL-AUR/MER/SOL/TID, external_ref `CC-<n>`; 64 active,
    10 completed, 6 canceled; versions 1–5 with at least 24 placements at version ≥ 3 (the
    first 24 in shuffled order); weekly fees for the three weeks before the clock's week for
    active placements (invoiced/paid, ≈5 % void), fee versions 1–3.

kittiwake (migrate-02, Kittiwake Coastal Council agency temps)
    150 placements in departments KCC-HWY/LIB/ASC/HRB/REV/WST; 110 active, 30 completed,
    10 canceled; versions 1–7; ≈70 % carry a unique `external_ref` `KCC-T<5 digits>`. Every
    `updated_at` lies between 45 days and 60 minutes before the clock (a quiet last hour),
    so a poller whose last poll ran at clock − 45 min has seen every row.

pilot-40 (migrate-01, Marisol Healthcare pilot records)
    Exactly 40 placements keyed by hand from StaffLine's `marisol` dataset with the same seed:
    36 `exact` copies, 3 whose e-mail differs only in letter case, 1 with another start date
    (an orphan); no external_ref, no fees. The selection rule is `pilot40_rows`' docstring;
    `pilot40_rows(seed)` returns the rows with their `staffline_id` and `kind`.

empty (migrate-06's Placemint side): no rows.
"""
from __future__ import annotations

import datetime as dt
import random
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal
from typing import Any

from vendors.kit.clock import DEFAULT_BASE
from vendors.kit.names import CLIENTS, person

from .models import TABLES

TABLE_ORDER = ["placements", "fee_schedules", "timesheets", "fees", "fee_splits"]
CENT = Decimal("0.01")
DAY = dt.timedelta(days=1)


# --- helpers -------------------------------------------------------------------------------

def iso_week(d: dt.date) -> str:
    y, w, _ = d.isocalendar()
    return f"{y}-W{w:02d}"


def week_monday(week: str) -> dt.date:
    return dt.date.fromisocalendar(int(week[:4]), int(week[6:]), 1)


def weeks_before(d: dt.date, n: int) -> list[str]:
    """The `n` ISO weeks before the week of `d`, oldest first."""
    monday = d - dt.timedelta(days=d.weekday())
    return [iso_week(monday - dt.timedelta(weeks=k)) for k in range(n, 0, -1)]


def fee_cents(rate: str, hours: str) -> int:
    """round-half-even(rate × hours × 100), in decimal."""
    return int((Decimal(rate) * Decimal(hours) * 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def largest_remainder(amount_cents: int, shares_bp: list[int]) -> list[int]:
    """Split `amount_cents` by basis-point shares summing to 10,000: floor each part, then hand
    the leftover cents to the largest remainders, ties to the earlier share."""
    base = [amount_cents * bp // 10000 for bp in shares_bp]
    rema = [amount_cents * bp % 10000 for bp in shares_bp]
    for i in sorted(range(len(shares_bp)), key=lambda i: (-rema[i], i))[: amount_cents - sum(base)]:
        base[i] += 1
    return base


def cents_to_rate(cents: int) -> str:
    return str(Decimal(cents).scaleb(-2).quantize(CENT))


def quarter_hours(q: int) -> str:
    return str((Decimal(q) / 4).quantize(CENT))


class Gen:
    def __init__(self, dataset: str, seed: int, now: dt.datetime):
        self.rng = random.Random(f"placemint:{dataset}:{seed}")
        self.now = now.replace(microsecond=0)
        self.today = self.now.date()
        self.rows: dict[str, list[dict]] = {t: [] for t in TABLE_ORDER}
        self.serial = 0
        self.extra: dict[str, Any] = {}

    def id(self, prefix: str) -> str:
        return f"{prefix}_{self.rng.getrandbits(48):012x}"

    def ago(self, lo_s: int, hi_s: int) -> dt.datetime:
        return self.now - dt.timedelta(seconds=self.rng.randint(lo_s, hi_s))

    def between(self, a: dt.datetime, b: dt.datetime) -> dt.datetime:
        span = max(0, int((b - a).total_seconds()))
        return a + dt.timedelta(seconds=self.rng.randint(0, span))

    def person(self) -> dict:
        self.serial += 1
        return person(self.rng, self.serial)

    def placement(self, *, client_code: str, job_title: str, status: str, start: dt.date,
                  end: dt.date | None, rate_cents: int, created: dt.datetime, currency: str = "usd",
                  version: int = 1, updated: dt.datetime | None = None, external_ref: str | None = None,
                  who: dict | None = None) -> dict:
        who = who or self.person()
        row = {"id": self.id("plc"), "external_ref": external_ref,
               "candidate_email": who["email"], "candidate_name": f"{who['first_name']} {who['last_name']}",
               "client_code": client_code, "job_title": job_title, "start_date": start, "end_date": end,
               "rate_cents": rate_cents, "currency": currency, "status": status, "version": version,
               "created_at": created, "updated_at": updated or created}
        self.rows["placements"].append(row)
        return row

    def schedule(self, p: dict, *, fee_rate: str | None, bill: int | None, pay: int | None,
                 created: dt.datetime, effective_from: dt.date | None = None) -> dict:
        row = {"id": self.id("fsch"), "placement_id": p["id"], "effective_from": effective_from or p["start_date"],
               "fee_rate": fee_rate, "bill_rate_cents": bill, "pay_rate_cents": pay, "currency": p["currency"],
               "created_at": created, "updated_at": created}
        self.rows["fee_schedules"].append(row)
        return row

    def timesheet(self, p: dict, week: str, hours: str, sched: dict, approved: dt.datetime) -> dict:
        row = {"id": self.id("tms"), "placement_id": p["id"], "week": week, "approved_hours": hours,
               "fee_rate": sched["fee_rate"], "fee_schedule_id": sched["id"], "approved_at": approved,
               "created_at": approved, "updated_at": approved}
        self.rows["timesheets"].append(row)
        return row

    def fee(self, p: dict, week: str, amount: int, *, status: str, created: dt.datetime,
            hours: str | None = None, version: int = 1, settled: dt.datetime | None = None) -> dict:
        settled = settled or created
        row = {"id": self.id("fee"), "placement_id": p["id"], "week": week, "amount_cents": amount,
               "currency": p["currency"], "approved_hours": hours, "status": status, "split_count": 0,
               "split_total_cents": 0, "version": version,
               "paid_at": settled if status == "paid" else None,
               "voided_at": settled if status == "void" else None,
               "created_at": created, "updated_at": settled}
        self.rows["fees"].append(row)
        return row

    def split(self, fee: dict, partner: str, amount: int, share_bp: int | None, created: dt.datetime) -> dict:
        row = {"id": self.id("spl"), "fee_id": fee["id"], "partner_id": partner, "amount_cents": amount,
               "share_bp": share_bp, "created_at": created}
        fee["split_count"] += 1
        fee["split_total_cents"] += amount
        fee["updated_at"] = max(fee["updated_at"], created)
        self.rows["fee_splits"].append(row)
        return row

    def finish(self) -> dict[str, list[dict]]:
        for rows in self.rows.values():
            order = sorted(range(len(rows)), key=lambda i: (rows[i]["created_at"], i))
            rows[:] = [rows[i] for i in order]
            for n, row in enumerate(rows, 1):
                row["seq"] = n
        return self.rows


def _status(g: Gen, weights: tuple[int, int, int]) -> str:
    return g.rng.choices(("active", "completed", "canceled"), weights=weights)[0]


def _active_in(p: dict, week: str) -> bool:
    mon = week_monday(week)
    return p["start_date"] <= mon + 6 * DAY and (p["end_date"] is None or p["end_date"] >= mon)


# --- generic agency (small, large) ----------------------------------------------------------

PARTNERS = [f"P-{n}" for n in range(101, 113)]
PARTNER_NAMES = ["Adaeze Okonkwo", "Santiago Reyes", "Helena Brennan", "Marcus Haddad", "Keiko Laine",
                 "Jonas Weber", "Priya Rahman", "Tomas Novak", "Grace Olsen", "Idris Farouk",
                 "Vera Lindqvist", "Rafael Costa"]
AGENCY_TITLES = ["ICU Registered Nurse", "ER Travel Nurse", "Med-Surg Nurse", "Labor & Delivery Nurse",
                 "Cath Lab Technologist", "Respiratory Therapist", "OR Circulating Nurse"]


def _agency(g: Gen, n: int) -> None:
    weeks = weeks_before(g.today, 2)
    plan = []
    for i in range(n):
        status = _status(g, (70, 20, 10))
        start = g.today - g.rng.randint(14, 400) * DAY
        if status == "completed":
            end = min(start + g.rng.randint(30, 180) * DAY, g.today - DAY)
        elif status == "canceled":
            end = min(start + g.rng.randint(0, 40) * DAY, g.today)
        else:
            end = start + g.rng.randint(13, 52) * 7 * DAY if g.rng.random() < 0.6 else None
            if end is not None and end < g.today:
                end = None
        created = min(dt.datetime.combine(start, dt.time(9), dt.timezone.utc) - g.rng.randint(1, 20) * DAY,
                      g.now - dt.timedelta(hours=2))
        plan.append((status, start, end, created))
    plan.sort(key=lambda x: x[3])
    for i, (status, start, end, created) in enumerate(plan):
        version = 1 + g.rng.choice((0, 0, 1, 1, 2, 3))
        updated = g.between(created, g.now - dt.timedelta(minutes=5)) if version > 1 else created
        rate = g.rng.randint(3500, 9500)
        p = g.placement(client_code=g.rng.choice(CLIENTS)[0], job_title=g.rng.choice(AGENCY_TITLES),
                        status=status, start=start, end=end, rate_cents=rate, created=created,
                        version=version, updated=updated,
                        external_ref=f"ATS-{100000 + i}" if g.rng.random() < 0.5 else None)
        fee_rate = cents_to_rate(g.rng.randint(600, 2500))
        sched = g.schedule(p, fee_rate=fee_rate, bill=rate, pay=rate * 7 // 10, created=created)
        for k, week in enumerate(weeks):
            if status == "canceled" or not _active_in(p, week):
                continue
            hours = quarter_hours(g.rng.choice((144, 150, 152, 156, 160, 160, 166, 170)))
            approved = dt.datetime.combine(week_monday(week) + 7 * DAY, dt.time(10), dt.timezone.utc)
            approved = min(max(approved, created), g.now - dt.timedelta(minutes=30))
            g.timesheet(p, week, hours, sched, approved)
            roll = g.rng.random()
            fstatus = "void" if roll < 0.03 else ("paid" if k == 0 and roll < 0.8 else "invoiced")
            fcreated = approved + dt.timedelta(minutes=g.rng.randint(1, 20))
            settled = g.between(fcreated, g.now) if fstatus != "invoiced" else None
            fee = g.fee(p, week, fee_cents(fee_rate, hours), status=fstatus, created=fcreated, hours=hours,
                        settled=settled)
            if fstatus != "void" and g.rng.random() < 0.2:
                a, b = g.rng.sample(PARTNERS, 2)
                bp = g.rng.choice((5000, 6000, 7000))
                parts = largest_remainder(fee["amount_cents"], [bp, 10000 - bp])
                screated = min(fcreated + dt.timedelta(minutes=g.rng.randint(1, 30)), g.now)
                g.split(fee, a, parts[0], bp, screated)
                g.split(fee, b, parts[1], 10000 - bp, screated)


# --- fees-340 --------------------------------------------------------------------------------

EXEC_CLIENTS = ["HALDEN", "NORTHWIND", "ASTERIA", "KESTREL", "BRIGHTWAY", "CORVUS", "LUMEN", "TIDEWATER",
                "ORCHARD", "VANTAGE"]
EXEC_TITLES = ["Chief Financial Officer", "VP Engineering", "Head of Sales", "General Counsel",
               "Chief Operating Officer", "Director of Operations", "Chief People Officer", "VP Product"]
SHARE_PATTERNS = [(5000, 5000), (6000, 4000), (7000, 3000), (3334, 3333, 3333), (3333, 3333, 3334),
                  (4000, 3000, 3000), (5000, 2500, 2500), (4500, 4500, 1000), (3750, 3750, 2500),
                  (2000, 4000, 4000)]
ROLES = ("originator", "sourcer", "closer")


def _fees340(g: Gen) -> None:
    # Nothing below branches on the clock, so ids and the credit sheet are clock-independent.
    weeks = weeks_before(g.today, 20)
    placements, credit = [], []
    no_credit = set(g.rng.sample(range(120), 18))
    for i in range(120):
        status = g.rng.choice(("active", "active", "active", "completed"))
        start = g.today - g.rng.randint(150, 400) * DAY
        end = start + g.rng.randint(90, 140) * DAY if status == "completed" else None
        created = g.now - dt.timedelta(days=(g.today - start).days + g.rng.randint(1, 10))
        p = g.placement(client_code=g.rng.choice(EXEC_CLIENTS), job_title=g.rng.choice(EXEC_TITLES),
                        status=status, start=start, end=end, rate_cents=g.rng.randint(15000, 40000),
                        created=created, external_ref=f"OR-{2024000 + i}")
        g.schedule(p, fee_rate=None, bill=p["rate_cents"], pay=None, created=created)
        placements.append(p)
        if i not in no_credit:
            shares = g.rng.choice(SHARE_PATTERNS)
            partners = g.rng.sample(range(len(PARTNERS)), len(shares))
            for role, k, bp in zip(ROLES, partners, shares):
                credit.append({"placement_id": p["id"], "partner_id": PARTNERS[k],
                               "partner_name": PARTNER_NAMES[k], "role": role, "share_bp": bp})
    g.extra["credit_sheet"] = credit
    counts = [2] * 120
    while sum(counts) < 340:
        k = g.rng.randrange(120)
        if counts[k] < 5:
            counts[k] += 1
    fees = []
    for p, n in zip(placements, counts):
        for wi in sorted(g.rng.sample(range(20), n)):
            created = dt.datetime.combine(week_monday(weeks[wi]), dt.time(8), dt.timezone.utc) \
                + dt.timedelta(minutes=g.rng.randint(0, 600))
            fees.append((p, weeks[wi], created, g.rng.randint(250_000, 4_500_000)))
    order = list(range(340))
    g.rng.shuffle(order)
    kinds = ["void_split"] * 3 + ["void"] * 21 + ["paid_split"] * 16 + ["invoiced_split"] * 20 + ["invoiced"] * 280
    by_placement: dict[str, list[dict]] = {}
    for row in credit:
        by_placement.setdefault(row["placement_id"], []).append(row)
    for idx, kind in zip(order, kinds):
        p, week, created, amount = fees[idx]
        status = kind.split("_")[0]
        split_at = created + dt.timedelta(hours=g.rng.randint(1, 48))
        settled = split_at + dt.timedelta(hours=g.rng.randint(1, 72)) if status != "invoiced" else None
        fee = g.fee(p, week, amount, status=status, created=created, settled=settled)
        if kind.endswith("_split"):
            rows = by_placement.get(p["id"]) or [{"partner_id": "HOUSE", "share_bp": 10000}]
            for row, part in zip(rows, largest_remainder(amount, [r["share_bp"] for r in rows])):
                g.split(fee, row["partner_id"], part, row["share_bp"], split_at)
            if settled:
                fee["updated_at"] = settled


def fees340_credit_sheet(seed: int) -> list[dict]:
    """The credit sheet build-03's materials carry for `fees-340/<seed>` (rows in listed order)."""
    g = Gen("fees-340", seed, DEFAULT_BASE)
    _fees340(g)
    return [dict(r) for r in g.extra["credit_sheet"]]


# --- engineering-500 -------------------------------------------------------------------------

HC_SITES = ["HC-BRS", "HC-MAN", "HC-ABD", "HC-SOU", "HC-TEE"]
ENG_TITLES = ["Contract Engineer", "Process Engineer", "Controls Engineer", "Piping Designer",
              "Structural Engineer", "Electrical Engineer", "Commissioning Engineer", "Instrument Technician"]
ENG_WEEKS = ["2026-W08", "2026-W09", "2026-W10", "2026-W11"]


def _engineering(g: Gen) -> None:
    kinds = ["canceled"] * 20 + ["completed"] * 10 + ["active"] * 470
    g.rng.shuffle(kinds)
    w08 = week_monday("2026-W08")
    for i, kind in enumerate(kinds):
        if kind == "completed":
            start = w08 - g.rng.randint(120, 400) * DAY
            end = min(start + g.rng.randint(30, 120) * DAY, w08 - 3 * DAY)
        else:
            late = kind == "active" and g.rng.random() < 0.06
            start = (week_monday(g.rng.choice(ENG_WEEKS[2:])) + g.rng.randint(0, 2) * DAY) if late \
                else w08 - g.rng.randint(0, 300) * DAY
            end = week_monday("2026-W11") + g.rng.randint(1, 4) * DAY if kind == "canceled" \
                else (start + g.rng.randint(26, 52) * 7 * DAY if g.rng.random() < 0.5 else None)
        rate_cents = g.rng.randint(2800, 9500)
        fee_rate = cents_to_rate(rate_cents)
        created = g.ago(86400 * 20, 86400 * 400)
        p = g.placement(client_code=g.rng.choice(HC_SITES), job_title=g.rng.choice(ENG_TITLES),
                        status=kind, start=start, end=end, rate_cents=rate_cents, created=created,
                        currency="gbp", external_ref=f"HC-{41000 + i}",
                        version=2 if kind == "canceled" else 1,
                        updated=g.ago(3600, 86400 * 3) if kind == "canceled" else None)
        sched = g.schedule(p, fee_rate=fee_rate, bill=rate_cents, pay=None, created=created)
        if kind == "completed":
            continue
        skip_w11 = (kind == "active" and g.rng.random() < 0.04) or (kind == "canceled" and g.rng.random() < 0.4)
        for k, week in enumerate(ENG_WEEKS):
            if week_monday(week) + 6 * DAY < start or (week == "2026-W11" and skip_w11):
                continue
            q = g.rng.choice((128, 136, 140, 144, 148, 150, 152, 156, 160, 160, 160, 162, 166, 170, 180, 161, 155))
            hours = quarter_hours(q)
            approved = g.now - dt.timedelta(days=3 * (3 - k), seconds=g.rng.randint(3600, 86400 * 2))
            g.timesheet(p, week, hours, sched, approved)
            if week in ("2026-W08", "2026-W09"):
                status = "paid" if week == "2026-W08" else "invoiced"
                fcreated = approved + dt.timedelta(minutes=g.rng.randint(1, 30))
                g.fee(p, week, fee_cents(fee_rate, hours), status=status, created=min(fcreated, g.now),
                      hours=hours, settled=min(fcreated + dt.timedelta(hours=2), g.now) if status == "paid" else None)


# --- cruise-crew -----------------------------------------------------------------------------

SHIPS = ["CBL-AUR", "CBL-MER", "CBL-SOL", "CBL-TID"]
CREW_TITLES = ["Deckhand", "Able Seaman", "Bosun", "Galley Cook", "Sous Chef", "Cabin Steward",
               "Spa Therapist", "Entertainment Host", "Bar Steward"]


def _cruise(g: Gen) -> None:
    kinds = ["active"] * 64 + ["completed"] * 10 + ["canceled"] * 6
    g.rng.shuffle(kinds)
    weeks = weeks_before(g.today, 3)
    for i, kind in enumerate(kinds):
        start = g.today - g.rng.randint(10, 200) * DAY
        end = {"completed": min(start + g.rng.randint(30, 120) * DAY, g.today - DAY),
               "canceled": start + g.rng.randint(0, 10) * DAY}.get(kind, start + g.rng.randint(120, 270) * DAY)
        version = g.rng.randint(3, 5) if i < 24 else g.rng.randint(1, 3)
        created = min(dt.datetime.combine(start, dt.time(9), dt.timezone.utc) - g.rng.randint(3, 30) * DAY,
                      g.now - dt.timedelta(hours=2))
        updated = g.between(created, g.now - dt.timedelta(minutes=10)) if version > 1 else created
        rate = g.rng.randint(1800, 4200)
        p = g.placement(client_code=g.rng.choice(SHIPS), job_title=g.rng.choice(CREW_TITLES), status=kind,
                        start=start, end=end, rate_cents=rate, created=created, version=version,
                        updated=updated, external_ref=f"CC-{7000 + i}")
        sched = g.schedule(p, fee_rate=cents_to_rate(rate // 5), bill=rate, pay=rate * 3 // 4, created=created)
        if kind != "active":
            continue
        for week in weeks:
            if not _active_in(p, week):
                continue
            hours = quarter_hours(g.rng.choice((224, 240, 252, 280)))
            roll = g.rng.random()
            status = "void" if roll < 0.05 else ("paid" if roll < 0.5 else "invoiced")
            fcreated = dt.datetime.combine(week_monday(week) + 7 * DAY, dt.time(10), dt.timezone.utc)
            fcreated = max(created, min(fcreated + dt.timedelta(minutes=g.rng.randint(0, 300)),
                                        g.now - dt.timedelta(hours=1)))
            settled = g.between(fcreated, g.now) if status != "invoiced" else None
            g.fee(p, week, fee_cents(sched["fee_rate"], hours), status=status, created=fcreated, hours=hours,
                  version=1 + (status != "invoiced") + (g.rng.random() < 0.2), settled=settled)


# --- kittiwake -------------------------------------------------------------------------------

KCC_DEPTS = ["KCC-HWY", "KCC-LIB", "KCC-ASC", "KCC-HRB", "KCC-REV", "KCC-WST"]
KCC_TITLES = ["Payroll Clerk", "Admin Assistant", "Receptionist", "Refuse Collector", "Library Assistant",
              "Care Worker", "Harbour Hand", "Customer Service Advisor"]


def _kittiwake(g: Gen) -> None:
    kinds = ["active"] * 110 + ["completed"] * 30 + ["canceled"] * 10
    g.rng.shuffle(kinds)
    quiet = g.now - dt.timedelta(minutes=60)
    for i, kind in enumerate(kinds):
        start = g.today - g.rng.randint(7, 240) * DAY
        end = {"completed": min(start + g.rng.randint(14, 90) * DAY, g.today - DAY),
               "canceled": start + g.rng.randint(0, 5) * DAY}.get(kind)
        created = g.ago(86400 * 30, 86400 * 45)
        version = g.rng.randint(1, 7)
        updated = g.between(g.now - dt.timedelta(days=30), quiet) if version > 1 else created
        rate = g.rng.randint(1400, 2900)
        p = g.placement(client_code=g.rng.choice(KCC_DEPTS), job_title=g.rng.choice(KCC_TITLES), status=kind,
                        start=start, end=end, rate_cents=rate, created=created, currency="gbp",
                        version=version, updated=updated,
                        external_ref=f"KCC-T{g.rng.randint(10000, 99999)}" if g.rng.random() < 0.7 else None)
        g.schedule(p, fee_rate=cents_to_rate(rate), bill=rate, pay=rate * 4 // 5, created=created)
    # external refs drawn at random must stay unique
    seen: set[str] = set()
    for row in g.rows["placements"]:
        if row["external_ref"] in seen:
            row["external_ref"] = None
        elif row["external_ref"]:
            seen.add(row["external_ref"])


# --- pilot-40 --------------------------------------------------------------------------------

PILOT_SCOPE_CUTOFF = dt.date(2025, 11, 30)
PILOT_STATUS = {"Active": "active", "Ended": "completed", "Cancelled": "canceled"}


def _recase(email: str, variant: int) -> str:
    local, _, domain = email.partition("@")
    if variant == 0:
        local = ".".join(part[:1].upper() + part[1:] for part in local.split("."))
    elif variant == 1:
        local = local.upper()
    else:
        local, domain = local[:1].upper() + local[1:], domain.upper()
    return f"{local}@{domain}"


def pilot40_rows(seed: int) -> list[dict]:
    """The 40 placements a pilot team keyed into Placemint by hand, from StaffLine's `marisol`
    dataset with the same seed (`vendors.staffline.seed.marisol_placements`).

    Selection: the in-scope StaffLine placements (status Active, or Ended with end_date after
    2025-11-30), in staffline_id order; `random.Random("placemint:pilot-40:<seed>:select")`
    samples 40 of them (kept in staffline_id order), then samples 3 of those 40 whose e-mail is
    re-cased (`kind` `email_case`: same address, other letter case) and 1 other whose
    start_date is moved 1–14 days later (`kind` `start_moved`: it matches nothing, an orphan);
    the other 36 are `exact`. Every row copies candidate name, e-mail, client (client_code,
    or the job's client on legacy rows), start and end dates; status maps Active→active,
    Ended→completed; `rate_cents` is bill_rate truncated to the cent (a hand-keyed
    rounding slip: on half-cent rates it is one cent below half-up); no external_ref.
    Each row carries `staffline_id` and `kind` (not stored in Placemint)."""
    from vendors.staffline.seed import marisol_placements

    scope = [p for p in marisol_placements(seed)
             if p["status"] == "Active" or (p["status"] == "Ended" and p["end_date"] is not None
                                            and p["end_date"] > PILOT_SCOPE_CUTOFF)]
    scope.sort(key=lambda p: p["staffline_id"])
    rng = random.Random(f"placemint:pilot-40:{seed}:select")
    chosen = sorted(rng.sample(scope, 40), key=lambda p: p["staffline_id"])
    special = rng.sample(range(40), 4)
    recased, moved = special[:3], special[3]
    out = []
    for i, p in enumerate(chosen):
        kind = "email_case" if i in recased else "start_moved" if i == moved else "exact"
        email = _recase(p["candidate_email"], recased.index(i)) if kind == "email_case" else p["candidate_email"]
        start = p["start_date"] + rng.randint(1, 14) * DAY if kind == "start_moved" else p["start_date"]
        end = p["end_date"]
        if end is not None and end < start:
            end = start
        cents = int((Decimal(p["bill_rate"]) * 100).to_integral_value(rounding=ROUND_DOWN))
        out.append({"staffline_id": p["staffline_id"], "kind": kind, "candidate_email": email,
                    "candidate_name": p["candidate_name"],
                    "client_code": p["client_code"] or p["job_client_code"],
                    "start_date": start, "end_date": end, "rate_cents": cents,
                    "status": PILOT_STATUS[p["status"]]})
    return out


def _pilot40(g: Gen, seed: int) -> None:
    for spec in pilot40_rows(seed):
        created = g.ago(86400 * 3, 86400 * 20)
        first, _, last = spec["candidate_name"].partition(" ")
        g.placement(client_code=spec["client_code"], job_title=None, status=spec["status"],
                    start=spec["start_date"], end=spec["end_date"], rate_cents=spec["rate_cents"],
                    created=created, who={"email": spec["candidate_email"], "first_name": first, "last_name": last})


# --- entry point -----------------------------------------------------------------------------

def build(dataset: str, seed: int, now: dt.datetime) -> dict[str, list[dict]]:
    g = Gen(dataset, seed, now)
    if dataset == "small":
        _agency(g, 50)
    elif dataset == "large":
        _agency(g, 5000)
    elif dataset == "fees-340":
        _fees340(g)
    elif dataset == "engineering-500":
        _engineering(g)
    elif dataset == "cruise-crew":
        _cruise(g)
    elif dataset == "kittiwake":
        _kittiwake(g)
    elif dataset == "pilot-40":
        _pilot40(g, seed)
    elif dataset != "empty":
        raise ValueError(f"unknown dataset {dataset!r}")
    return g.finish()


def seed(s, c, dataset: str, seed_value: int) -> None:
    rows = build(dataset, seed_value, c.now())
    for table in TABLE_ORDER:
        if rows[table]:
            s.execute(TABLES[table].__table__.insert(), rows[table])
