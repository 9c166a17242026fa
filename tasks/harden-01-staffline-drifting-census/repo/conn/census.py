# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The census: every StaffLine placement, one CSV row each, written to IB_OUTPUT_DIR/census.csv."""
from __future__ import annotations

import csv
import datetime as dt
import os

import requests

from conn.staffline import StaffLine

PAGE_SIZE = 200
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


def fetch_placements(sl: StaffLine) -> list[dict]:
    """Walk /v1/placements page by page."""
    rows: list[dict] = []
    start = 0
    restarts = 0
    while True:
        try:
            page = sl.get(f"/v1/placements?start={start}&count={PAGE_SIZE}")
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError, ValueError):
            # the network dropped us mid-page: start the walk over
            restarts += 1
            if restarts > 5:
                raise
            start = 0
            continue
        rows.extend(page["data"])
        start += len(page["data"])
        if not page["data"] or start >= page["total"]:
            return rows


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
