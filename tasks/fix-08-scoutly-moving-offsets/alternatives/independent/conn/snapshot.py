# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`snapshot`: an offset walk is only a true picture of Scoutly if nothing changed while it ran.
So we walk the whole list again and again until two walks in a row agree record for record; the
last one is then what Scoutly holds at the end of the run."""
from __future__ import annotations

from conn import store
from conn.scoutly import Scoutly, ScoutlyError

MAX_WALKS = 6


def _picture(records: list[dict]) -> dict[str, dict]:
    return {c["id"]: store.row(c) for c in records}


def run_snapshot() -> int:
    api = Scoutly()
    try:
        previous = _picture(api.all_candidates())
        walks = 1
        while True:
            current = _picture(api.all_candidates())
            walks += 1
            if current == previous:
                break
            if walks >= MAX_WALKS:
                print(f"snapshot: Scoutly kept changing during {walks} walks; not writing a snapshot")
                return 1
            previous = current
    except ScoutlyError as exc:
        print(f"snapshot: {exc}")
        return 1
    finally:
        api.close()
    n = store.write(sorted(current.values(), key=lambda r: r["id"]))
    print(f"snapshot: {n} candidates ({walks} walks)")
    return 0
