# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Counting the committee's votes: one vote per member and application (the member's latest
submission; e-mails compared case-insensitively), approved at two thirds of the votes or more."""
from __future__ import annotations

from dataclasses import dataclass

from conn.sheets import Vote


@dataclass(frozen=True)
class Tally:
    application_id: int
    yes: int
    votes: int

    @property
    def approved(self) -> bool:
        return self.votes > 0 and 3 * self.yes >= 2 * self.votes


def tally(votes: list[Vote]) -> dict[int, Tally]:
    latest: dict[tuple[int, str], Vote] = {}
    for v in votes:
        key = (v.application_id, v.member_email.strip().lower())
        cur = latest.get(key)
        if cur is None or (v.submitted_at, v.row_no) > (cur.submitted_at, cur.row_no):
            latest[key] = v
    counts: dict[int, list[int]] = {}
    for v in votes:
        counts.setdefault(v.application_id, [0, 0])
    for (app, _), v in latest.items():
        c = counts[app]
        c[1] += 1
        if v.vote.strip().lower() == "yes":
            c[0] += 1
    return {app: Tally(app, y, n) for app, (y, n) in counts.items()}
