# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Which applications the committees approved: each member's last word per application."""
from __future__ import annotations

import csv
from fractions import Fraction


def approvals(votes_file: str) -> dict[int, bool]:
    last: dict[int, dict[str, tuple[str, int, bool]]] = {}
    with open(votes_file, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh)):
            app = int(row["application_id"])
            member = row["member_email"].strip().casefold()
            stamp = (row["submitted_at"].strip(), n)
            said_yes = row["vote"].strip().casefold() == "yes"
            per_app = last.setdefault(app, {})
            if member not in per_app or per_app[member][:2] < stamp:
                per_app[member] = (stamp[0], stamp[1], said_yes)
    result = {}
    for app, members in last.items():
        yes = sum(1 for *_, y in members.values() if y)
        result[app] = bool(members) and Fraction(yes, len(members)) >= Fraction(2, 3)
    return result
