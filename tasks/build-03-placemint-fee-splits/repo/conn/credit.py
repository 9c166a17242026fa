# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The partners' credit sheet (materials/credit_sheet.csv)."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Credit:
    placement_id: str
    partner_id: str
    partner_name: str
    role: str
    share_bp: int


def load_credit_sheet(path: Path) -> dict[str, list[Credit]]:
    """placement_id -> its credit rows, in the order the sheet lists them."""
    out: dict[str, list[Credit]] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            credit = Credit(row["placement_id"].strip(), row["partner_id"].strip(), row["partner_name"].strip(),
                            row["role"].strip(), int(row["share_bp"]))
            out.setdefault(credit.placement_id, []).append(credit)
    return out
