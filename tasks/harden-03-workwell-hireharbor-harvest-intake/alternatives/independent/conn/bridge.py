# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Nightly: qualified Workwell applicants -> one HireHarbor candidate per e-mail, one
application per (candidate, job)."""
from __future__ import annotations

import sys

from .config import INTEGRATION_USER_EMAIL, QUALIFIED_FROM_STAGE, Settings
from .hireharbor import HireHarbor
from .workwell import Workwell


def wanted(ww: Workwell, job_ids: dict[str, int]) -> dict[str, dict]:
    pos = {s["slug"]: s["position"] for s in ww.stages()}
    floor = pos[QUALIFIED_FROM_STAGE]
    by_code = {j["shortcode"]: job_ids.get(j.get("code")) for j in ww.jobs()}
    out: dict[str, dict] = {}
    for c in sorted(ww.candidates(), key=lambda c: int(c["id"], 16)):
        if c.get("disqualified") or pos.get(c.get("stage_slug"), -1) < floor or not c.get("email"):
            continue
        job = by_code.get((c.get("job") or {}).get("shortcode"))
        if job is None:
            continue
        key = c["email"].strip().lower()
        person = out.setdefault(key, {"first": c["firstname"], "last": c["lastname"], "phone": c.get("phone"),
                                      "jobs": set()})
        person["jobs"].add(job)
    return out


def run_bridge(settings: Settings) -> int:
    ww = Workwell(settings.workwell_url, settings.workwell_key, settings.workwell_tenant)
    hh = HireHarbor(settings.hireharbor_url, settings.hireharbor_key)
    hh.whoami(INTEGRATION_USER_EMAIL)
    people = wanted(ww, hh.job_ids())
    have = hh.applications()
    failed = 0
    for email, p in people.items():
        try:
            cid = hh.holder(email) or hh.add_candidate(p["first"], p["last"], email, p["phone"])
            for job in sorted(p["jobs"]):
                if (cid, job) not in have:
                    hh.add_application(cid, job)
                    have.add((cid, job))
        except Exception as exc:  # one person's trouble must not stop the others
            failed += 1
            print(f"bridge: {email}: {exc}", file=sys.stderr)
    print(f"bridge: {len(people)} people, {failed} failed")
    return 1 if failed else 0
