# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The census: every StaffLine placement, one CSV row each, written to IB_OUTPUT_DIR/census.csv.

StaffLine pages by offset over a list ordered by id, and recruiters keep working during the
census: a deletion behind our position shifts an unread placement onto a page we already read
(it would be skipped), a deleted placement we already read would linger, and new placements
appear at the end. So the census walks the list again until two consecutive complete walks
agree; a failed page is retried at the same offset (the walk never starts over)."""
from __future__ import annotations

import csv
import datetime as dt
import os

from conn.staffline import StaffLine, StaffLineError

PAGE_SIZE = 200
MAX_WALKS = 6
COLUMNS = ["placement_id", "external_ref", "candidate_id", "job_id", "status", "start_date", "end_date",
           "bill_rate"]


def ms_to_date(value: int | None) -> str:
    """StaffLine dates are epoch milliseconds at UTC midnight; the census shows YYYY-MM-DD."""
    if value is None:
        return ""
    return dt.datetime.fromtimestamp(value / 1000, tz=dt.timezone.utc).date().isoformat()


def census_row(p: dict) -> list:
    return [p["id"], p["external_ref"], p["candidate_id"], p["job_id"], p["status"],
            ms_to_date(p["start_date"]), ms_to_date(p["end_date"]), p["bill_rate"]]


def walk(sl: StaffLine) -> dict[int, dict]:
    """One complete walk of /v1/placements, keyed by id."""
    rows: dict[int, dict] = {}
    start = 0
    while True:
        page = sl.get(f"/v1/placements?start={start}&count={PAGE_SIZE}")
        for p in page["data"]:
            rows[p["id"]] = p
        start += len(page["data"])
        if not page["data"] or start >= page["total"]:
            return rows


def fingerprint(rows: dict[int, dict]) -> dict[int, int]:
    return {pid: p["updated_at"] for pid, p in rows.items()}


def fetch_placements(sl: StaffLine) -> list[dict]:
    """Walk until two consecutive walks see exactly the same placements."""
    previous = walk(sl)
    for _ in range(MAX_WALKS - 1):
        current = walk(sl)
        if fingerprint(current) == fingerprint(previous):
            return list(current.values())
        previous = current
    raise StaffLineError(f"StaffLine kept changing: no two of {MAX_WALKS} walks agreed")


def write_census(rows: list[dict], out_dir: str) -> str:
    path = os.path.join(out_dir, "census.csv")
    with open(path + ".tmp", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        for p in sorted(rows, key=lambda p: p["id"]):
            w.writerow(census_row(p))
    os.replace(path + ".tmp", path)
    return path


def run_census() -> int:
    rows = fetch_placements(StaffLine())
    path = write_census(rows, os.environ["IB_OUTPUT_DIR"])
    print(f"census: {len(rows)} placements -> {path}")
    return 0
