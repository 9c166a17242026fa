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


def cycle() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ct, cc = Crewtide(), ClearCheck()
    ordered = updated = 0
    for cand in ct.hired_nurses():
        # orders carry the Crewtide candidate id as external_id (the ticket's rule 2)
        checks = cc.checks(external_id=cand["id"])
        live = [c for c in checks if c["status"] != "cancelled"]
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
