# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Apply one weekly extensions file to StaffLine placements.

Rules: match on external_ref only; per assignment the row with the latest approved_at wins
(the others are `superseded`); closed placements are never changed; an extension may only
lengthen; an equal end date is not written."""
from __future__ import annotations

import datetime as dt
from urllib.parse import quote

from conn.extensions import ExtensionRow, write_results
from conn.staffline import ApiError, StaffLine

DAY_MS = 86_400_000
EPOCH = dt.date(1970, 1, 1)


def date_to_ms(d: dt.date) -> int:
    return (d - EPOCH).days * DAY_MS


def ms_to_date(ms: int | None) -> dt.date | None:
    return None if ms is None else EPOCH + dt.timedelta(days=ms // DAY_MS)


def find_placement(api: StaffLine, ref: str) -> dict | None:
    page = api.get(f"/v1/placements?external_ref={quote(ref, safe='')}")
    for p in page.get("data", []):
        if p.get("external_ref") == ref:
            return p
    return None


def winners(rows: list[ExtensionRow]) -> dict[str, ExtensionRow]:
    best: dict[str, ExtensionRow] = {}
    for r in rows:
        cur = best.get(r.assignment_no)
        if cur is None or (r.approved_at, r.row_no) > (cur.approved_at, cur.row_no):
            best[r.assignment_no] = r
    return best


def decide(row: ExtensionRow, placement: dict) -> str:
    if placement.get("status") == "Closed":
        return "rejected_closed"
    current = ms_to_date(placement.get("end_date"))
    if current is None or row.new_end_date > current:
        return "applied"
    if row.new_end_date == current:
        return "already_current"
    return "rejected_shortening"


def apply_file(api: StaffLine, rows: list[ExtensionRow]) -> tuple[list[dict], int]:
    win = winners(rows)
    placements: dict[str, dict | None] = {}
    for ref in win:
        placements[ref] = find_placement(api, ref)
    results, errors = [], 0
    for r in rows:
        p = placements[r.assignment_no]
        if p is None:
            results.append({"row_no": r.row_no, "placement_id": None, "outcome": "unknown_assignment"})
            continue
        if win[r.assignment_no] is not r:
            results.append({"row_no": r.row_no, "placement_id": p["id"], "outcome": "superseded"})
            continue
        outcome = decide(r, p)
        if outcome == "applied":
            outcome = write_end_date(api, p, r.new_end_date)
            if outcome == "error":
                errors += 1
        results.append({"row_no": r.row_no, "placement_id": p["id"], "outcome": outcome})
    return results, errors


def write_end_date(api: StaffLine, placement: dict, new_end: dt.date) -> str:
    resp = api.request("PATCH", f"/v1/placements/{placement['id']}", {"end_date": date_to_ms(new_end)})
    if resp.status_code == 200:
        return "applied"
    if resp.status_code == 409:
        return "rejected_closed"
    print(f"apply: PATCH placement {placement['id']} failed: {resp.status_code} {resp.text[:200]}")
    return "error"


def run(api: StaffLine, rows: list[ExtensionRow]) -> int:
    try:
        results, errors = apply_file(api, rows)
    except ApiError as exc:
        print(f"apply: {exc}")
        return 1
    write_results(results)
    counts: dict[str, int] = {}
    for r in results:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    print("apply:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if errors else 0
