# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly job: split invoiced fees between the partners on the credit sheet.

Every invoiced fee without splits is allocated by largest remainder over its placement's
credit rows (or 100 % to HOUSE without one) and posted split by split, each with an
Idempotency-Key derived from (fee, partner): a retry after a lost answer, or a rerun after a
crash, can never credit a partner twice."""
from __future__ import annotations

from pathlib import Path

from conn import config
from conn.allocation import largest_remainder
from conn.credit import load_credit_sheet
from conn.placemint import Placemint, PlacemintError

HOUSE = ("HOUSE", 10000)


def plan(fee: dict, credit: dict) -> list[tuple[str, int, int]]:
    """[(partner_id, share_bp, amount_cents)] for one fee."""
    rows = [(c.partner_id, c.share_bp) for c in credit.get(fee["placement_id"], [])] or [HOUSE]
    amounts = largest_remainder(fee["amount_cents"], [bp for _, bp in rows])
    return [(partner, bp, amount) for (partner, bp), amount in zip(rows, amounts)]


def post_splits(credit_sheet: str | None = None) -> int:
    settings = config.load()
    credit = load_credit_sheet(Path(credit_sheet) if credit_sheet else config.DEFAULT_CREDIT_SHEET)
    api = Placemint(settings)
    fees = [f for f in api.list_all("/v1/fees", {"status": "invoiced"}) if f["status"] == "invoiced"]
    done = skipped = failed = 0
    for fee in fees:
        if fee["split_count"] and fee["split_total_cents"] == fee["amount_cents"]:
            continue  # already split
        existing = set()
        if fee["split_count"]:  # a run that stopped half-way: finish the missing partners only
            existing = {s["partner_id"] for s in api.list_all(f"/v1/fees/{fee['id']}/splits")}
        try:
            for partner, bp, amount in plan(fee, credit):
                if partner in existing:
                    continue
                api.post(f"/v1/fees/{fee['id']}/splits",
                         {"partner_id": partner, "amount_cents": amount, "share_bp": bp},
                         idempotency_key=f"split-{fee['id']}-{partner}")
            done += 1
        except PlacemintError as exc:
            if exc.code == "fee_void":  # voided since we listed it: never split
                skipped += 1
                continue
            print(f"  fee {fee['id']}: {exc}", flush=True)
            failed += 1
    print(f"post-splits: {done} fees split, {skipped} voided meanwhile, {failed} failed", flush=True)
    return 1 if failed else 0
