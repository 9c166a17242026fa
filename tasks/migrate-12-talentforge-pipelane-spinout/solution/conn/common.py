# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Rules shared by migrate and serve."""
from __future__ import annotations

import csv

SCOPE_PREFIX = "GRF-"


def read_map(path: str) -> dict[str, str]:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    return {r[0].strip(): r[1].strip() for r in rows[1:] if len(r) >= 2 and r[0].strip()}


def in_scope(requisition: dict) -> bool:
    return (requisition.get("cc_code") or "").startswith(SCOPE_PREFIX)


def tag_for(app_id: str) -> str:
    return f"tf:{app_id}"
