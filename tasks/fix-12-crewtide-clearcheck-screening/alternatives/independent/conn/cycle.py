# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A cycle: read every hired nurse and every check once, order for nurses without a live check,
then write each nurse's screening-status where it differs."""
from __future__ import annotations

import logging
from collections import defaultdict

from conn.clearcheck import ClearCheck
from conn.crewtide import Crewtide

log = logging.getLogger("conn.cycle")
OPEN = {"pending": "ordered", "in_progress": "in_progress", "cancelled": "cancelled"}


def shown(check: dict) -> str:
    return check["result"] if check["status"] == "complete" else OPEN[check["status"]]


def take_back_extras(cc: ClearCheck, live: list[dict]) -> list[dict]:
    """More than one live check (the old job's repeat orders): a finished one cannot be taken back,
    so the nurse keeps their newest finished check, or when none is finished their newest order;
    every other open check is cancelled (ClearCheck does not invoice it). Returns the live ones left."""
    finished = [c for c in live if c["status"] == "complete"]
    keep = (finished or live)[-1]
    left = []
    for c in live:
        if c is keep or c["status"] == "complete":
            left.append(c)
            continue
        try:
            cc.call("POST", f"/v1/checks/{c['id']}/cancel")
            log.info("cancelled repeat order %s of nurse %s", c["id"], c["external_id"])
        except RuntimeError:
            now = cc.call("GET", f"/v1/checks/{c['id']}")
            if now["status"] != "cancelled":
                left.append(now)
    return sorted(left, key=lambda c: (c["created_at"], c["id"]))


def cycle() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ct, cc = Crewtide(), ClearCheck()
    nurses = ct.nurses()
    by_nurse = defaultdict(list)
    for ch in cc.all("/v1/checks"):
        by_nurse[ch.get("external_id")].append(ch)
    values = ct.screening_values()
    for cid, person in sorted(nurses.items(), key=lambda kv: int(kv[0])):
        checks = sorted(by_nurse.get(cid, []), key=lambda c: (c["created_at"], c["id"]))
        live = [c for c in checks if c["status"] != "cancelled"]
        if len(live) > 1:
            live = take_back_extras(cc, live)
        if live:
            current = live[-1]
        else:
            current = cc.order(cc.candidate(cid, person), cid, attempt=len(checks))
            log.info("ordered %s for nurse %s", current["id"], cid)
        want = shown(current)
        if values.get(cid, (None, None))[1] != want:
            ct.write_screening(cid, values.get(cid), want)
    log.info("cycle done: %d nurses", len(nurses))
    return 0
