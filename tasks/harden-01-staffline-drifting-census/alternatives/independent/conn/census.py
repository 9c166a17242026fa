# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The census: every StaffLine placement, one CSV row each, written to IB_OUTPUT_DIR/census.csv.

StaffLine's lists are paged by offset and move while we walk them, so a single walk is not a
consistent copy. The census therefore:

1. notes StaffLine's time `t0` (its own clock, from the `Date` header) before it starts;
2. walks /v1/placements with overlapping pages, so that a deletion before our position (which
   shifts unseen records onto pages we already read) is noticed and we step back instead of
   silently skipping records;
3. catches up: placements changed or created since `t0` (`updated_since`) are upserted and
   placement tombstones since `t0` (`/v1/deleted`) are removed — repeated until a round finds
   nothing new, so the file reflects StaffLine at the moment we finish;
4. cross-checks the count against StaffLine's `total`; if they disagree it walks again.

A failed page is retried in place (see conn.staffline); the walk never restarts from zero
because one request failed.
"""
from __future__ import annotations

import csv
import datetime as dt
import math
import os
import sys
import time

from conn.staffline import StaffLine, StaffLineError, TransientError

PAGE_SIZE = 200
OVERLAP_SECONDS = 120      # catch-up windows overlap generously; upserts make it harmless
MAX_CATCHUP_ROUNDS = 12
MAX_WALKS = 3
SOFT_DEADLINE = 8 * 60     # stop refining after this long and write what we have

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


def _log(msg: str) -> None:
    print(f"census: {msg}", file=sys.stderr, flush=True)


def _page_validator(start: int, count: int):
    """Reject a page that is not a complete answer to `start`/`count`."""
    def validate(doc: dict) -> None:
        data, total = doc.get("data"), doc.get("total")
        if not isinstance(data, list) or not isinstance(total, int):
            raise TransientError("page without data/total")
        if any(not isinstance(r, dict) for r in data):
            raise TransientError("page with malformed records")
        if "count" in doc and doc["count"] != len(data):
            raise TransientError(f"page says count={doc['count']} but holds {len(data)} records")
        expected = max(0, min(count, total - start))
        if len(data) != expected:
            raise TransientError(f"short page: {len(data)} records at start={start}, total={total}")
    return validate


def _target(path: str, start: int, count: int, extra: dict | None = None) -> str:
    query = f"start={start}&count={count}"
    for k, v in (extra or {}).items():
        query += f"&{k}={v}"
    return f"{path}?{query}"


def walk_by_id(sl: StaffLine, path: str, extra: dict | None = None) -> tuple[dict[int, dict], int]:
    """Walk an id-ordered list, tolerating records deleted/created while we page.

    Each page after the first starts one record *before* where we think we are, so it should
    begin with the last id we saw. If it begins with a higher id, records before our position
    were deleted and some unseen ones slid behind us: step back until the overlap is found.
    Returns ({id: record}, the last total StaffLine reported)."""
    seen: dict[int, dict] = {}
    last_id: int | None = None
    start = 0
    total = 0
    backsteps = 0
    while True:
        doc = sl.get(_target(path, start, PAGE_SIZE, extra), validate=_page_validator(start, PAGE_SIZE))
        data, total = doc["data"], doc["total"]
        if last_id is not None and start > 0 and (not data or data[0]["id"] > last_id):
            # the list shrank before our position (or past our end): step back and look again
            backsteps += 1
            start = max(0, min(start, total) - (PAGE_SIZE - 1))
            continue
        for rec in data:
            rid = rec["id"]
            if last_id is None or rid > last_id:
                seen[rid] = rec
            elif rid in seen:
                seen[rid] = rec  # a fresher copy of one we had
        if data:
            last_id = max(last_id or data[-1]["id"], data[-1]["id"])
        end = start + len(data)
        if not data or end >= total:
            break
        start = end - 1  # overlap by one record
    if backsteps:
        _log(f"{path}: stepped back {backsteps} time(s) because the list moved under us")
    return seen, total


def walk_feed(sl: StaffLine, path: str, extra: dict | None = None) -> list[dict]:
    """Walk an append-only feed (the tombstones) in order."""
    out: list[dict] = []
    start = 0
    while True:
        doc = sl.get(_target(path, start, PAGE_SIZE, extra), validate=_page_validator(start, PAGE_SIZE))
        data = doc["data"]
        out.extend(data)
        start += len(data)
        if not data or start >= doc["total"]:
            return out


def _server_seconds(sl: StaffLine) -> int:
    return int(math.floor(sl.server_now()))


def catch_up(sl: StaffLine, placements: dict[int, dict], since: int) -> bool:
    """Apply placement changes and deletions since `since` (StaffLine epoch seconds).
    Returns True if anything changed in our copy."""
    changed = False
    updated, _ = walk_by_id(sl, "/v1/placements", {"updated_since": since})
    for pid, rec in updated.items():
        if placements.get(pid) != rec:
            placements[pid] = rec
            changed = True
    tombstones = walk_feed(sl, "/v1/deleted", {"since": since, "type": "placement"})
    for t in tombstones:
        if t.get("type", "placement") != "placement":
            continue
        if placements.pop(t["id"], None) is not None:
            changed = True
    return changed


def fetch_placements(sl: StaffLine, deadline: float | None = None) -> list[dict]:
    """A consistent copy of every placement StaffLine holds when we finish."""
    began = time.monotonic()
    if deadline is None:
        deadline = began + SOFT_DEADLINE
    sl.calibrate()
    placements: dict[int, dict] = {}
    for walk in range(1, MAX_WALKS + 1):
        t0 = _server_seconds(sl) - OVERLAP_SECONDS
        placements, _ = walk_by_id(sl, "/v1/placements")
        since = t0
        for _round in range(MAX_CATCHUP_ROUNDS):
            round_start = _server_seconds(sl) - OVERLAP_SECONDS
            changed = catch_up(sl, placements, since)
            since = round_start
            if not changed or time.monotonic() > deadline:
                break
        # cross-check: does StaffLine count as many placements as we hold?
        doc = sl.get(_target("/v1/placements", 0, 1), validate=_page_validator(0, 1))
        if doc["total"] == len(placements):
            return list(placements.values())
        _log(f"walk {walk}: holding {len(placements)} placements but StaffLine reports {doc['total']}")
        if time.monotonic() > deadline:
            break
        # a final catch-up may settle it (something changed after our last round) ...
        catch_up(sl, placements, since)
        doc = sl.get(_target("/v1/placements", 0, 1), validate=_page_validator(0, 1))
        if doc["total"] == len(placements):
            return list(placements.values())
        # ... otherwise walk again from scratch
    return list(placements.values())


def write_census(rows: list[dict], out_dir: str) -> str:
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "census.csv")
    unique = {p["id"]: p for p in rows}
    with open(path + ".tmp", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        for pid in sorted(unique):
            w.writerow(census_row(unique[pid]))
    os.replace(path + ".tmp", path)
    return path


def run_census() -> int:
    sl = StaffLine()
    try:
        rows = fetch_placements(sl)
    except StaffLineError as exc:
        print(f"census: failed, census.csv left as it was: {exc}", file=sys.stderr)
        return 1
    path = write_census(rows, os.environ["IB_OUTPUT_DIR"])
    print(f"census: {len(rows)} placements -> {path} ({sl.requests_sent} requests)")
    return 0
