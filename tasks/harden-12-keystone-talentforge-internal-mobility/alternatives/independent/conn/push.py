# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The push, in two passes. First everything is read from Keystone (employees, then each
one's internal-mobility record). Then each person is brought into line in TalentForge. A
create whose answer was lost is not sent again on the spot: it is parked, and once every
other person is done the push waits until TalentForge's search has caught up with the last
lost create (searches here trail writes by a few seconds) and looks each parked person up;
only those still missing are created again."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from .config import EXTERNAL_ID_PREFIX, SOURCE, WITHDRAWN_TAG, Settings
from .keystone import Keystone, keystone_date, text_of
from .talentforge import TalentForge, Unknown

SETTLE_S = 6.0


@dataclass
class Person:
    employee_no: str
    first_name: str
    last_name: str
    email: str | None
    phone: str | None
    hired_on: str | None
    opted_in: bool

    @property
    def external_id(self) -> str:
        return f"{EXTERNAL_ID_PREFIX}{self.employee_no}"

    def body(self) -> dict:
        return {"first_name": self.first_name, "last_name": self.last_name, "email": self.email,
                "phone": self.phone, "external_id": self.external_id, "source": SOURCE, "tags": [],
                "hired_on": self.hired_on}


def read_people(ks: Keystone) -> list[Person]:
    people = []
    for emp in ks.employees():
        mob = ks.mobility(text_of(emp, "Id"))
        start = keystone_date(text_of(emp, "StartDate"))
        people.append(Person(text_of(emp, "EmployeeNo"), text_of(emp, "FirstName") or "",
                             text_of(emp, "LastName") or "", text_of(emp, "Email"), text_of(emp, "Phone"),
                             start.isoformat() if start else None,
                             (text_of(mob, "OpenToMove") or "").lower() == "true"))
    return people


def settle(tf: TalentForge, p: Person, found: list[dict]) -> str:
    if not found:
        if not p.opted_in:
            return "skipped"
        tf.create(p.body())
        return "created"
    cand = sorted(found, key=lambda c: c["created_at"])[0]
    tags = list(cand.get("tags") or [])
    if p.opted_in:
        want = {"first_name": p.first_name, "last_name": p.last_name, "email": p.email, "phone": p.phone,
                "source": SOURCE, "hired_on": p.hired_on, "tags": [t for t in tags if t != WITHDRAWN_TAG]}
    else:
        want = {"tags": tags if WITHDRAWN_TAG in tags else [*tags, WITHDRAWN_TAG]}
    change = {k: v for k, v in want.items() if cand.get(k) != v}
    if not change:
        return "unchanged"
    tf.patch(cand["id"], change)
    return "updated"


def run_push(settings: Settings) -> int:
    ks = Keystone(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    tf = TalentForge(settings.talentforge_url, settings.talentforge_client_id, settings.talentforge_client_secret)
    people = read_people(ks)
    counts: dict[str, int] = {}
    parked: list[Person] = []
    last_loss = 0.0
    for p in people:
        try:
            outcome = settle(tf, p, tf.find(p.external_id))
        except Unknown as exc:
            print(f"lost answer for {p.external_id}: {exc}", file=sys.stderr)
            parked.append(p)
            last_loss = time.monotonic()
            continue
        counts[outcome] = counts.get(outcome, 0) + 1
    for _round in range(4):
        if not parked:
            break
        time.sleep(max(0.0, last_loss + SETTLE_S - time.monotonic()))
        still = []
        for p in parked:
            try:
                outcome = settle(tf, p, tf.find(p.external_id))
            except Unknown:
                still.append(p)
                last_loss = time.monotonic()
                continue
            counts[outcome] = counts.get(outcome, 0) + 1
        parked = still
    print("push done: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)
    if parked:
        print(f"not settled: {', '.join(p.external_id for p in parked)}", file=sys.stderr)
        return 1
    return 0
