# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`snapshot`: every Scoutly candidate, written to the planning snapshot."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from conn import store
from conn.scoutly import PAGE, Scoutly, ScoutlyError

WORKERS = 4  # was 2; doubled when the candidate pool passed 2,000 and the run got slow


def run_snapshot() -> int:
    api = Scoutly()
    try:
        first = api.candidates_page(0)
        total = int(first.get("totalFound") or 0)
        pages = [first]
        offsets = list(range(PAGE, total, PAGE))
        with ThreadPoolExecutor(max_workers=WORKERS) as pool:
            pages += list(pool.map(api.candidates_page, offsets))
    except ScoutlyError as exc:
        print(f"snapshot: {exc}")
        return 1
    finally:
        api.close()
    by_id: dict[str, dict] = {}
    for page in pages:
        for cand in page.get("content") or []:
            by_id[cand["id"]] = store.row(cand)  # a candidate on two pages is kept once
    n = store.write(sorted(by_id.values(), key=lambda r: r["id"]))
    print(f"snapshot: {n} candidates (Scoutly reported {total})")
    return 0
