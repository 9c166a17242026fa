# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The committee spreadsheets: the list of committees and the votes export."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Committee:
    requisition_id: str
    search: str
    chair: str
    chair_email: str


@dataclass(frozen=True)
class Vote:
    row_no: int
    search: str
    application_id: int
    candidate: str
    member_email: str
    vote: str
    submitted_at: str


def load_committees(path: Path) -> list[Committee]:
    with open(path, newline="", encoding="utf-8") as fh:
        return [Committee(r["requisition_id"].strip(), r["search"].strip(), r["chair"].strip(),
                          r["chair_email"].strip()) for r in csv.DictReader(fh)]


def load_votes(path: Path) -> list[Vote]:
    with open(path, newline="", encoding="utf-8") as fh:
        return [Vote(n, r["search"].strip(), int(r["application_id"]), r["candidate"].strip(),
                     r["member_email"].strip(), r["vote"].strip(), r["submitted_at"].strip())
                for n, r in enumerate(csv.DictReader(fh), 1)]
