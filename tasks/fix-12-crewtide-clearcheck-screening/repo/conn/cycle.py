# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""One cycle: order a ClearCheck check for every Crewtide hire that has none, and show each
hire's screening in Crewtide's `screening-status` field."""
from __future__ import annotations

import logging

from conn.clearcheck import ClearCheck
from conn.crewtide import Crewtide

log = logging.getLogger("conn.cycle")

# ClearCheck status -> Crewtide screening-status
SCREENING = {"pending": "ordered", "in_progress": "in_progress", "complete": "clear", "cancelled": "cancelled"}


def cycle() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ct, cc = Crewtide(), ClearCheck()
    ordered = updated = 0
    for app, cand in ct.hires():
        live = [c for c in cc.checks(external_id=app["id"]) if c["status"] != "cancelled"]
        if live:
            check = max(live, key=lambda c: c["created_at"])
        else:
            a = cand["attributes"]
            cc_cand = cc.candidate_for({"first_name": a["first-name"], "last_name": a["last-name"],
                                        "email": a["email"], "external_id": cand["id"]})
            check = cc.order(cc_cand, external_id=cand["id"])
            ordered += 1
            log.info("ordered %s for candidate %s", check["id"], cand["id"])
        before = (cand["attributes"].get("custom-fields") or {}).get("screening-status")
        value = SCREENING[check["status"]]
        ct.set_screening(cand, value)
        updated += before != value
    log.info("cycle done: %d ordered, %d screening fields updated", ordered, updated)
    return 0
