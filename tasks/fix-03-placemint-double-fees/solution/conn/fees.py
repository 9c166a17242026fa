# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Post one week's agency fees: one fee per placement with approved hours that week, at the
placement's agreed fee rate."""
from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from conn import config
from conn.placemint import Placemint


def fee_cents(fee_rate: str, approved_hours: str) -> int:
    """The agency fee in pence: rate (GBP per hour) x approved hours, in exact decimal,
    rounded half-even to the penny."""
    pence = Decimal(fee_rate) * Decimal(approved_hours) * 100
    return int(pence.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def billable(placement: dict) -> bool:
    return placement["status"] != "canceled"


def post_fees(week: str) -> int:
    api = Placemint(config.load())
    placements = {p["id"]: p for p in api.list_all("/v1/placements")}
    timesheets = list(api.list_all("/v1/timesheets", {"week": week}))
    billed = {f["placement_id"] for f in api.list_all("/v1/fees", {"week": week}) if f["status"] != "void"}
    posted = skipped = 0
    for ts in timesheets:
        placement = placements.get(ts["placement_id"])
        if placement is None or not billable(placement):
            skipped += 1
            continue
        if ts["placement_id"] in billed:
            continue  # already billed for this week
        if ts["fee_rate"] is None:
            print(f"  {ts['placement_id']}: no fee rate for {week}, skipped", flush=True)
            skipped += 1
            continue
        api.post("/v1/fees", {"placement_id": ts["placement_id"], "week": week,
                              "amount_cents": fee_cents(ts["fee_rate"], ts["approved_hours"]),
                              "approved_hours": ts["approved_hours"]},
                 idempotency_key=f"fee-{ts['placement_id']}-{week}")
        billed.add(ts["placement_id"])
        posted += 1
    print(f"post-fees {week}: {posted} fees posted, {skipped} timesheets not billable", flush=True)
    return 0
