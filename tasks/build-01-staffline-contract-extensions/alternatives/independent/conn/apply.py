# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Apply one weekly extensions file to StaffLine and report every row.

Rules (TICKET.md):
  1. a row belongs to the placement whose external_ref == assignment_no (exactly);
  2. per assignment only the row with the latest approved_at counts, the others are superseded;
  3. an extension only ever makes a placement longer, judged against StaffLine's end date now;
  4. Closed placements are never changed;
  5. no update is sent when StaffLine already has the approved end date;
  6. only end_date is ever sent.
"""
from __future__ import annotations

import calendar
import datetime as dt
import sys

from conn.extensions import ExtensionRow
from conn.staffline import ApiError, AuthError, StaffLine, TransientError

UNKNOWN = "unknown_assignment"
SUPERSEDED = "superseded"
CLOSED = "rejected_closed"
APPLIED = "applied"
CURRENT = "already_current"
SHORTENING = "rejected_shortening"
ERROR = "error"

DAY_MS = 86_400_000


def date_to_ms(day: dt.date) -> int:
    """StaffLine's wire value for a date: epoch milliseconds at UTC midnight."""
    return calendar.timegm(day.timetuple()) * 1000


def ms_to_date(ms: int) -> dt.date:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).date()


def _log(msg: str) -> None:
    print(f"apply: {msg}", file=sys.stderr)


def pick_winners(rows: list[ExtensionRow]) -> dict[str, ExtensionRow]:
    """assignment_no -> the row that counts (latest approved_at; file order breaks exact ties)."""
    winners: dict[str, ExtensionRow] = {}
    for row in rows:
        best = winners.get(row.assignment_no)
        if best is None or (row.approved_at, row.row_no) > (best.approved_at, best.row_no):
            if best is not None and row.approved_at == best.approved_at \
                    and row.new_end_date != best.new_end_date:
                _log(f"rows {best.row_no} and {row.row_no} for {row.assignment_no} were approved at "
                     f"the same instant with different dates; the later row in the file counts")
            winners[row.assignment_no] = row
    return winners


def decide(placement: dict, row: ExtensionRow) -> str:
    """Outcome for the row that counts, against the placement as StaffLine has it now."""
    if placement.get("status") == "Closed":
        return CLOSED
    current = placement.get("end_date")
    if current is None:
        return APPLIED
    current_day = ms_to_date(int(current))
    if row.new_end_date > current_day:
        return APPLIED
    if row.new_end_date == current_day:
        return CURRENT
    return SHORTENING


class Applier:
    def __init__(self, api: StaffLine):
        self.api = api
        self.failed = False

    def extend(self, placement: dict, row: ExtensionRow) -> tuple[str, dict]:
        """PATCH only end_date; on an ambiguous failure look at the record before repeating."""
        pid = placement["id"]
        target = date_to_ms(row.new_end_date)
        for attempt in range(4):
            try:
                updated = self.api.patch_placement(pid, {"end_date": target})
            except TransientError as exc:
                _log(f"row {row.row_no}: update of placement {pid} may not have gone through "
                     f"({exc}); checking the record")
                try:
                    placement = self.api.get_placement(pid)
                except ApiError as exc2:
                    _log(f"row {row.row_no}: cannot re-read placement {pid}: {exc2}")
                    continue
                if placement.get("end_date") == target:
                    return APPLIED, placement
                outcome = decide(placement, row)
                if outcome != APPLIED:
                    # Someone else changed it meanwhile; judge against what StaffLine holds now.
                    return outcome, placement
                continue
            except ApiError as exc:
                if exc.status == 409 and exc.code == "placement_closed":
                    return CLOSED, placement
                _log(f"row {row.row_no}: StaffLine refused the update of placement {pid}: {exc}")
                return ERROR, placement
            if updated.get("end_date") != target:
                _log(f"row {row.row_no}: placement {pid} answered end_date {updated.get('end_date')} "
                     f"instead of {target}")
                return ERROR, updated
            return APPLIED, updated
        _log(f"row {row.row_no}: giving up on placement {pid}")
        return ERROR, placement

    def run(self, rows: list[ExtensionRow]) -> list[dict]:
        winners = pick_winners(rows)
        placements: dict[str, dict | None] = {}
        lookup_failed: set[str] = set()
        fatal: Exception | None = None

        for ref in dict.fromkeys(r.assignment_no for r in rows):  # file order, once each
            if fatal is not None:
                lookup_failed.add(ref)
                continue
            try:
                placements[ref] = self.api.placement_by_external_ref(ref) if ref else None
            except AuthError as exc:
                _log(f"authentication refused, stopping: {exc}")
                fatal = exc
                lookup_failed.add(ref)
            except ApiError as exc:
                _log(f"lookup of {ref} failed: {exc}")
                lookup_failed.add(ref)

        outcomes: dict[int, tuple[str, int | None]] = {}
        # Decide the rows that count first (in file order), then fill in the superseded ones.
        for row in rows:
            ref = row.assignment_no
            if winners[ref] is not row:
                continue
            if ref in lookup_failed:
                outcomes[row.row_no] = (ERROR, None)
                continue
            placement = placements.get(ref)
            if placement is None:
                outcomes[row.row_no] = (UNKNOWN, None)
                continue
            outcome = decide(placement, row)
            if outcome == APPLIED:
                if fatal is not None:
                    outcome = ERROR
                else:
                    try:
                        outcome, _ = self.extend(placement, row)
                    except AuthError as exc:
                        _log(f"authentication refused, stopping: {exc}")
                        fatal = exc
                        outcome = ERROR
            outcomes[row.row_no] = (outcome, placement["id"])
            _log(f"row {row.row_no}: {ref} -> placement {placement['id']}: {outcome}")

        results = []
        for row in rows:
            ref = row.assignment_no
            if row.row_no in outcomes:
                outcome, pid = outcomes[row.row_no]
            else:  # superseded by a later approval for the same assignment
                placement = placements.get(ref)
                pid = placement["id"] if placement else None
                if ref in lookup_failed:
                    outcome = ERROR
                elif placement is None:
                    outcome = UNKNOWN
                else:
                    outcome = SUPERSEDED
            if outcome == ERROR:
                self.failed = True
            results.append({"row_no": row.row_no, "placement_id": pid, "outcome": outcome})
        return results
