# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`sweep`: reconcile the whole gate with ClearCheck every hour (it orders nothing).

Our account has a few dozen checks, so every sweep walks the full check list (no watermark to
get wrong: ClearCheck may show a check complete later than its completed_at) and applies each
check; results come from the check (reports expire)."""
import sys

from conn import store
from conn.clearcheck import ClearCheck


def sweep() -> int:
    cc = ClearCheck()
    db = store.connect()
    counts = {"new": 0, "updated": 0, "kept": 0}
    params = {"limit": 50}
    while True:
        page = cc.get("/v1/checks", params).json()
        for check in page.get("data", []):
            counts[store.apply(db, check)] += 1
        if not page.get("next_cursor"):
            break
        params = {"cursor": page["next_cursor"], "limit": 50}
    sys.stderr.write(f"sweep: {counts}\n")
    return 0
