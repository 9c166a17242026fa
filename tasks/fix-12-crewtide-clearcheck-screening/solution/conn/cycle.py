# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""One cycle: order a ClearCheck check for every hired nurse who has no live one, and show each
nurse's current check in Crewtide's `screening-status` field."""
from __future__ import annotations

import logging

from conn.clearcheck import ClearCheck
from conn.crewtide import Crewtide

log = logging.getLogger("conn.cycle")


def screening(check: dict) -> str:
    """ClearCheck's state of a check as Crewtide's screening-status; a complete check shows its result."""
    if check["status"] == "complete":
        if check.get("result") not in ("clear", "consider"):
            raise RuntimeError(f"check {check['id']} is complete without a result")
        return check["result"]
    return {"pending": "ordered", "in_progress": "in_progress", "cancelled": "cancelled"}[check["status"]]


def repair(cc: ClearCheck, live: list[dict]) -> list[dict]:
    """The old job's duplicates: keep the nurse's complete check (already paid for), else the first
    one ordered, and cancel the other open ones (a check cancelled before it completes is not
    invoiced). Returns what is left live."""
    done = [c for c in live if c["status"] == "complete"]
    keep = max(done, key=lambda c: (c["created_at"], c["id"])) if done else \
        min(live, key=lambda c: (c["created_at"], c["id"]))
    left = [keep]
    for c in live:
        if c is keep:
            continue
        if c["status"] == "complete":
            left.append(c)  # two finished checks: nothing to take back
            continue
        r = cc.session.post(f"{cc.base}/v1/checks/{c['id']}/cancel", timeout=30)
        if r.status_code == 409:  # finished meanwhile: it stays, as it is now
            left.append(cc._send("GET", f"/v1/checks/{c['id']}"))
            continue
        r.raise_for_status()
        log.info("cancelled duplicate %s of nurse %s", c["id"], c["external_id"])
    return left


def cycle() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ct, cc = Crewtide(), ClearCheck()
    ordered = updated = 0
    for cand in ct.hired_nurses():
        # orders carry the Crewtide candidate id as external_id (the ticket's rule 2)
        checks = cc.checks(external_id=cand["id"])
        live = [c for c in checks if c["status"] != "cancelled"]
        if len(live) > 1:
            live = repair(cc, live)
        if live:
            check = max(live, key=lambda c: (c["created_at"], c["id"]))
        else:
            a = cand["attributes"]
            cc_cand = cc.candidate_for({"first_name": a["first-name"], "last_name": a["last-name"],
                                        "email": a["email"], "external_id": cand["id"]})
            check = cc.order(cc_cand, external_id=cand["id"])
            ordered += 1
            log.info("ordered %s for candidate %s", check["id"], cand["id"])
        before = (cand["attributes"].get("custom-fields") or {}).get("screening-status")
        value = screening(check)
        ct.set_screening(cand, value)
        updated += before != value
    log.info("cycle done: %d ordered, %d screening fields updated", ordered, updated)
    return 0
