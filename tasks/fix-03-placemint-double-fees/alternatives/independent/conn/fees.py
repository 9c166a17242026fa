# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Post one week's agency fees: one fee per placement with approved hours that week, at the
placement's agreed fee rate."""
from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from conn import config
from conn.placemint import Placemint, PlacemintError

CANCELED = "canceled"  # Placemint spells it with one "l"


def fee_cents(fee_rate: str, approved_hours: str) -> int:
    """The agency fee in pence: rate (GBP per hour) x approved hours, in exact decimal,
    rounded to a whole penny half-to-even."""
    pence = Decimal(str(fee_rate)) * Decimal(str(approved_hours)) * 100
    return int(pence.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def billable(placement: dict) -> bool:
    return str(placement.get("status", "")).lower() not in {CANCELED, "cancelled"}


def fee_key(placement_id: str, week: str, amount_cents: int, approved_hours: str) -> str:
    """The Idempotency-Key of "post the fee of this placement and week": the same on every
    retry (and every run) of that write."""
    return f"hc-fee:{placement_id}:{week}:{amount_cents}:{approved_hours}"


def post_fees(week: str) -> int:
    api = Placemint(config.load())
    placements = {p["id"]: p for p in api.list_all("/v1/placements")}
    timesheets = list(api.list_all("/v1/timesheets", {"week": week}))
    billed = {f["placement_id"] for f in api.list_all("/v1/fees", {"week": week}) if f["status"] != "void"}
    posted = skipped = 0
    for ts in timesheets:
        placement = placements.get(ts["placement_id"])
        if placement is None:  # created after we read the list
            try:
                placement = api.get(f"/v1/placements/{ts['placement_id']}")
            except PlacemintError as exc:
                if exc.status != 404:
                    raise
                print(f"  {ts['placement_id']}: unknown placement, skipped", flush=True)
                skipped += 1
                continue
            placements[placement["id"]] = placement
        if not billable(placement):
            skipped += 1
            continue
        if ts["placement_id"] in billed:
            continue  # already billed for this week
        if ts["fee_rate"] is None:
            print(f"  {ts['placement_id']}: no fee rate for {week}, skipped", flush=True)
            skipped += 1
            continue
        amount = fee_cents(ts["fee_rate"], ts["approved_hours"])
        api.post("/v1/fees", {"placement_id": ts["placement_id"], "week": week,
                              "amount_cents": amount, "approved_hours": ts["approved_hours"]},
                 idempotency_key=fee_key(ts["placement_id"], week, amount, ts["approved_hours"]))
        billed.add(ts["placement_id"])
        posted += 1
    print(f"post-fees {week}: {posted} fees posted, {skipped} timesheets not billable", flush=True)
    return 0
