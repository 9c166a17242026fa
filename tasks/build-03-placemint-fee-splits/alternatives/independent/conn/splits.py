# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly job: split invoiced fees between the partners on the credit sheet.

Every run reads all fees, and for each fee that is `invoiced` and has no splits yet computes
its splits (largest remainder, in integer cents, summing exactly to the fee) and posts them one
by one. Each split POST carries an Idempotency-Key derived from the fee, the partner and the
split itself, reused on every retry, so a request whose answer was lost is never carried out
twice. A fee this job started but could not finish (a crash, a request that kept failing) is
remembered in IB_STATE_DIR and completed on the next run; any other fee with splits is left
alone, and void fees are never split."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from conn import config
from conn.allocation import Share, Split, allocate
from conn.credit import load_credit_sheet
from conn.placemint import GaveUp, Placemint, PlacemintError

STATE_FILE = "placemint_splits_state.json"


def log(msg: str) -> None:
    print(msg, flush=True)


# -- state ---------------------------------------------------------------------------------
class State:
    """Fees whose splits were started but not (known to be) finished."""

    def __init__(self, directory: Path):
        self.path = directory / STATE_FILE
        self.in_progress: dict[str, dict] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.in_progress = dict(data.get("in_progress") or {})
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as exc:
            log(f"warning: could not read state {self.path}: {exc}")

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".splits-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"in_progress": self.in_progress}, fh, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as exc:
            log(f"warning: could not write state {self.path}: {exc}")

    def start(self, fee_id: str, amount_cents: int, plan: list[Split]) -> None:
        self.in_progress[fee_id] = {"amount_cents": amount_cents,
                                    "splits": [s.__dict__ for s in plan]}
        self.save()

    def finish(self, fee_id: str) -> None:
        if self.in_progress.pop(fee_id, None) is not None:
            self.save()


# -- the job -------------------------------------------------------------------------------
def plan_for(fee: dict, sheet: dict) -> list[Split]:
    rows = sheet.get(fee["placement_id"], [])
    return allocate(int(fee["amount_cents"]), [Share(c.partner_id, c.share_bp) for c in rows])


def split_key(fee_id: str, s: Split) -> str:
    return f"or-split:{fee_id}:{s.partner_id}:{s.amount_cents}:{s.share_bp}"


def existing_splits(api: Placemint, fee_id: str) -> list[dict]:
    return list(api.list_all(f"/v1/fees/{fee_id}/splits"))


def process_fee(api: Placemint, state: State, fee_id: str, sheet: dict) -> str:
    """Split one fee. Returns 'split', 'resumed' or 'skipped'. Raises on failure."""
    fee = api.get(f"/v1/fees/{fee_id}")  # fresh: it may have been voided or split meanwhile
    started = state.in_progress.get(fee_id)
    if fee["status"] == "void":
        if started:
            log(f"  {fee_id}: voided before its splits were finished; left as it is")
            state.finish(fee_id)
        return "skipped"

    if started:
        plan = [Split(**s) for s in started["splits"]]
        if int(started["amount_cents"]) != int(fee["amount_cents"]):
            # Cannot happen once a split exists (Placemint freezes the amount); if nothing of
            # ours got through, plan again from the current amount.
            done = existing_splits(api, fee_id)
            if done:
                log(f"  {fee_id}: amount changed under an unfinished split; needs review")
                state.finish(fee_id)
                raise RuntimeError(f"{fee_id}: amount changed after splitting started")
            plan = plan_for(fee, sheet)
            state.start(fee_id, int(fee["amount_cents"]), plan)
        outcome = "resumed"
    else:
        if fee["status"] != "invoiced" or int(fee.get("split_count") or 0) > 0:
            return "skipped"
        plan = plan_for(fee, sheet)
        state.start(fee_id, int(fee["amount_cents"]), plan)
        outcome = "split"

    already = set()
    if started or int(fee.get("split_count") or 0) > 0:
        already = {s["partner_id"] for s in existing_splits(api, fee_id)}

    for s in plan:
        if s.partner_id in already:
            continue
        try:
            api.post(f"/v1/fees/{fee_id}/splits",
                     {"partner_id": s.partner_id, "amount_cents": s.amount_cents, "share_bp": s.share_bp},
                     idempotency_key=split_key(fee_id, s))
        except PlacemintError as exc:
            if exc.code == "fee_void":
                log(f"  {fee_id}: voided while being split; no further splits")
                state.finish(fee_id)
                return "skipped"
            raise
        already.add(s.partner_id)

    state.finish(fee_id)
    return outcome


def post_splits(credit_sheet: str | None = None) -> int:
    settings = config.load()
    sheet_path = Path(credit_sheet) if credit_sheet else config.DEFAULT_CREDIT_SHEET
    sheet = load_credit_sheet(sheet_path)
    api = Placemint(settings)
    state = State(settings.state_dir)

    # Read the whole (unfiltered) fee list: voids made while we page do not shift it, and new
    # fees only appear at its end.
    try:
        fees = list(api.list_all("/v1/fees"))
    except (GaveUp, PlacemintError) as exc:
        log(f"post-splits: cannot list fees: {exc}")
        return 1

    todo: list[str] = [fid for fid in state.in_progress]  # unfinished from an earlier run first
    for fee in fees:
        if fee["id"] in state.in_progress:
            continue
        if fee.get("status") == "invoiced" and int(fee.get("split_count") or 0) == 0:
            todo.append(fee["id"])

    counts = {"split": 0, "resumed": 0, "skipped": 0}
    failed: list[str] = []
    for fee_id in todo:
        try:
            counts[process_fee(api, state, fee_id, sheet)] += 1
        except (GaveUp, PlacemintError, RuntimeError, ValueError, TypeError, KeyError) as exc:
            log(f"  {fee_id}: FAILED: {exc}")
            failed.append(fee_id)

    log(f"post-splits: {counts['split']} fees split, {counts['resumed']} unfinished fees completed, "
        f"{counts['skipped']} skipped (void or already split), {len(failed)} failed "
        f"({len(fees)} fees read, credit sheet {sheet_path.name})")
    return 1 if failed else 0
