# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Look every person of the audit list up in Conflux and write verification.csv.

One walk over the account's candidates (a few pages), joined locally by Conflux id and then by
Greenhouse id: no request per person, so the ids that no longer exist (re-linked, or never
real) cost no failing requests and the error-burst block stays out of reach."""
from __future__ import annotations

import csv
import os
from collections import Counter
from pathlib import Path

from .conflux import Conflux

COLUMNS = ["conflux_id", "remote_id", "status", "name", "last_modified"]


def read_audit_list(path: str | os.PathLike) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return [{"conflux_id": (r.get("conflux_id") or "").strip(), "remote_id": (r.get("remote_id") or "").strip()}
                for r in csv.DictReader(f)]


def verdict(entry: dict, candidate: dict | None) -> dict:
    """One output row: found / deleted / not_found, with Conflux's current id, name and modified_at."""
    if candidate is None:
        return {"conflux_id": entry["conflux_id"], "remote_id": entry["remote_id"], "status": "not_found",
                "name": "", "last_modified": ""}
    name = " ".join(p for p in (candidate.get("first_name"), candidate.get("last_name")) if p)
    return {"conflux_id": candidate["id"], "remote_id": entry["remote_id"],
            "status": "deleted" if candidate.get("remote_was_deleted") else "found",
            "name": name, "last_modified": candidate.get("modified_at") or ""}


def _prefer(a: dict | None, b: dict) -> dict:
    """Two records of one Greenhouse id: the live one, else the latest seen."""
    if a is None:
        return b
    if bool(a.get("remote_was_deleted")) != bool(b.get("remote_was_deleted")):
        return b if a.get("remote_was_deleted") else a
    return b if (b.get("modified_at") or "") > (a.get("modified_at") or "") else a


def index(candidates: list[dict]) -> tuple[dict, dict]:
    by_id, by_remote = {}, {}
    for c in candidates:
        by_id[c["id"]] = c
        if c.get("remote_id") is not None:
            key = str(c["remote_id"])
            by_remote[key] = _prefer(by_remote.get(key), c)
    return by_id, by_remote


def lookup(by_id: dict, by_remote: dict, entry: dict) -> dict | None:
    # Greenhouse was re-linked since some lists were drawn up: an old Conflux id is found again
    # by its Greenhouse id. The person is their Greenhouse id: a live record with it wins, also
    # over the record the listed id names (Greyhollow's account keeps, for a few people, the
    # record of the earlier link under its old id, remote-deleted, next to the live one).
    person = by_remote.get(entry["remote_id"])
    if person is not None and not person.get("remote_was_deleted"):
        return person
    return by_id.get(entry["conflux_id"]) or person


def write_rows(rows: list[dict]) -> Path:
    out = Path(os.environ.get("IB_OUTPUT_DIR", "."))
    out.mkdir(parents=True, exist_ok=True)
    path = out / "verification.csv"
    tmp = path.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)
    return path


def run(audit_list: str) -> Counter:
    entries = read_audit_list(audit_list)
    by_id, by_remote = index(Conflux().all_candidates())
    rows = [verdict(entry, lookup(by_id, by_remote, entry)) for entry in entries]
    write_rows(rows)
    return Counter(r["status"] for r in rows)
