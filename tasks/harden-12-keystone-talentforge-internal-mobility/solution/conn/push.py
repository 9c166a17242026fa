# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The push: every Keystone employee who opted into internal mobility becomes (or stays) one
TalentForge candidate with source `internal` and external_id `KS-<EmployeeNo>`; people who
opted out again keep their candidate, tagged `mobility-withdrawn`."""
from __future__ import annotations

import sys
from dataclasses import dataclass

from .config import EXTERNAL_ID_PREFIX, SOURCE, WITHDRAWN_TAG, Settings
from .keystone import Keystone, keystone_date, text_of
from .talentforge import TalentForge


@dataclass
class Person:
    employee_id: str
    employee_no: str
    first_name: str
    last_name: str
    email: str | None
    phone: str | None
    hired_on: str | None  # ISO date
    opted_in: bool

    @property
    def external_id(self) -> str:
        return f"{EXTERNAL_ID_PREFIX}{self.employee_no}"


def person_from(emp, mob) -> Person:
    start = keystone_date(text_of(emp, "StartDate"))
    return Person(
        employee_id=text_of(emp, "Id"), employee_no=text_of(emp, "EmployeeNo"),
        first_name=text_of(emp, "FirstName") or "", last_name=text_of(emp, "LastName") or "",
        email=text_of(emp, "Email"), phone=text_of(emp, "Phone"),
        hired_on=start.isoformat() if start else None,
        opted_in=(text_of(mob, "OpenToMove") or "").lower() == "true")


def candidate_body(p: Person) -> dict:
    return {"first_name": p.first_name, "last_name": p.last_name, "email": p.email, "phone": p.phone,
            "external_id": p.external_id, "source": SOURCE, "tags": [], "hired_on": p.hired_on}


def push_person(tf, p: Person) -> str:
    existing = tf.find_by_external_id(p.external_id)
    if p.opted_in:
        if existing is None:
            tf.create(candidate_body(p))
            return "created"
        tags = [t for t in existing.get("tags") or [] if t != WITHDRAWN_TAG]
        changes = {"hired_on": p.hired_on, "tags": tags}
        if any(existing.get(k) != v for k, v in changes.items()):
            tf.update(existing["id"], changes)
            return "updated"
        return "unchanged"
    if existing is not None and WITHDRAWN_TAG not in (existing.get("tags") or []):
        tf.update(existing["id"], {"tags": [*(existing.get("tags") or []), WITHDRAWN_TAG]})
        return "withdrawn"
    return "skipped"


def run_push(settings: Settings) -> int:
    ks = Keystone(settings.keystone_url, settings.keystone_user, settings.keystone_password)
    tf = TalentForge(settings.talentforge_url, settings.talentforge_client_id, settings.talentforge_client_secret)
    counts: dict[str, int] = {}
    for emp in ks.employees():
        p = person_from(emp, ks.mobility(text_of(emp, "Id")))
        outcome = push_person(tf, p)
        counts[outcome] = counts.get(outcome, 0) + 1
    print("push done: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)
    return 0
