# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Per-person lookups, paced by the failure budget; the report is written only when every line
has an answer."""
from __future__ import annotations

import csv
import os
import tempfile
from collections import Counter

from .client import Client

HEADER = ["conflux_id", "remote_id", "status", "name", "last_modified"]


def entries(path: str) -> list[tuple[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return [((r.get("conflux_id") or "").strip(), (r.get("remote_id") or "").strip()) for r in csv.DictReader(f)]


def row_for(listed_id: str, remote_id: str, rec: dict | None) -> list[str]:
    if rec is None:
        return [listed_id, remote_id, "not_found", "", ""]
    name = " ".join(x for x in (rec.get("first_name") or "", rec.get("last_name") or "") if x)
    return [rec["id"], remote_id, "deleted" if rec.get("remote_was_deleted") else "found", name,
            rec.get("modified_at") or ""]


def run(path: str) -> Counter:
    api = Client()
    rows = []
    for listed_id, remote_id in entries(path):
        rec = api.by_id(listed_id) if listed_id else None
        if (rec is None or rec.get("remote_was_deleted")) and remote_id:
            # a deleted record under the listed id may be a leftover of the earlier link: the
            # person counts as deleted only when Greenhouse has no live record for that id
            other = api.by_remote_id(remote_id)
            if other is not None and (rec is None or not other.get("remote_was_deleted")):
                rec = other
        rows.append(row_for(listed_id, remote_id, rec))
    out_dir = os.environ.get("IB_OUTPUT_DIR", ".")
    os.makedirs(out_dir, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out_dir, suffix=".part")
    with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        w.writerows(rows)
    os.replace(tmp, os.path.join(out_dir, "verification.csv"))
    return Counter(r[2] for r in rows)
