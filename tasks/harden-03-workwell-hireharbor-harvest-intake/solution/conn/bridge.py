# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly bridge: every qualified Workwell applicant becomes (or already is) one
HireHarbor candidate, with one application per job they qualified for."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from .config import HH_SOURCE, INTEGRATION_USER_EMAIL, QUALIFIED_FROM_STAGE, Settings
from .hireharbor import HireHarbor, HireHarborError
from .http import GaveUp
from .workwell import Workwell, WorkwellError


@dataclass
class Person:
    email: str
    first_name: str
    last_name: str
    phone: str | None
    jobs: set[int] = field(default_factory=set)  # HireHarbor job ids


def qualified_people(ww: Workwell, hh_jobs: dict[str, int]) -> dict[str, Person]:
    """Qualified applicants grouped by person (lower-cased e-mail): one Workwell candidate per
    job applied to, so one person may bring several jobs."""
    stages = {s["slug"]: s["position"] for s in ww.stages()}
    threshold = stages[QUALIFIED_FROM_STAGE]
    job_of = {j["shortcode"]: hh_jobs.get(j.get("code")) for j in ww.jobs()}
    people: dict[str, Person] = {}
    for c in ww.candidates():
        if c.get("disqualified") or stages.get(c.get("stage_slug"), -1) < threshold or not c.get("email"):
            continue
        job = job_of.get((c.get("job") or {}).get("shortcode"))
        if job is None:
            continue
        email = c["email"].strip().lower()
        p = people.setdefault(email, Person(email, c["firstname"], c["lastname"], c.get("phone")))
        p.jobs.add(job)
    return people


def copy_person(hh: HireHarbor, p: Person, apps: dict[int, set[int]]) -> tuple[bool, int]:
    """(created a candidate?, applications created)."""
    cid, created = hh.ensure_candidate(p.first_name, p.last_name, p.email, p.phone)
    have = apps.setdefault(cid, set())
    n = 0
    for job in sorted(p.jobs - have):
        if hh.ensure_application(cid, job, HH_SOURCE):
            n += 1
        have.add(job)
    return created, n


def run_bridge(settings: Settings) -> int:
    ww = Workwell(settings.workwell_url, settings.workwell_key, settings.workwell_tenant)
    hh = HireHarbor(settings.hireharbor_url, settings.hireharbor_key)
    try:
        hh.use_actor(INTEGRATION_USER_EMAIL)
        people = qualified_people(ww, hh.jobs_by_requisition())
        apps = hh.applications()
    except (GaveUp, HireHarborError, WorkwellError) as exc:
        print(f"bridge: cannot start: {exc}", file=sys.stderr)
        return 1
    created = made = 0
    skipped: list[str] = []
    for email in sorted(people):
        try:
            c, n = copy_person(hh, people[email], apps)
        except (GaveUp, HireHarborError) as exc:
            print(f"bridge: skipped {email}: {exc}", file=sys.stderr)
            skipped.append(email)
            continue
        created += c
        made += n
    print(f"bridge: {len(people)} qualified applicants, {created} new candidates, {made} new applications,"
          f" {len(skipped)} skipped")
    return 1 if skipped else 0
