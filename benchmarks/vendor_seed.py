"""Benchmark: how long each vendor takes to seed its `large` dataset (5,000 candidates or so),
as a ratio to seeding `small` in the same process and run.

    .venv/bin/python benchmarks/vendor_seed.py [--vendor NAME ...] [--rounds 3]

Resets go through the control plane of the vendor's Flask app (a test client, no sockets), as
a scenario's `reset` step does. Prints per vendor the median of the rounds for `small` and
`large` and their ratio. The tests no longer hold an absolute limit on seeding (a loaded machine
made them flaky); this is where a slow seed shows up. Reference: every vendor's `large` under
3 s on the 2-core machine when it is otherwise idle.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vendors import VENDORS, create_app  # noqa: E402

TOKEN = "bench-control-token"


def reset_time(client, dataset: str) -> float:
    t0 = time.perf_counter()
    r = client.post("/_control/reset", json={"dataset": dataset, "seed": 1}, headers={"X-Control-Token": TOKEN})
    elapsed = time.perf_counter() - t0
    if r.status_code != 200:
        raise SystemExit(f"reset {dataset}: {r.status_code} {r.get_data(as_text=True)[:200]}")
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vendor", action="append", choices=VENDORS, help="Only these vendors (repeatable).")
    ap.add_argument("--rounds", type=int, default=3, help="Resets per dataset (the median is shown).")
    args = ap.parse_args()
    print(f"{'vendor':12} {'small s':>8} {'large s':>8} {'large/small':>12}")
    for name in args.vendor or VENDORS:
        app = create_app(name, {"CONTROL_TOKEN": TOKEN, "DATASET": "small", "SEED": 1})
        client = app.test_client()
        small = statistics.median(reset_time(client, "small") for _ in range(args.rounds))
        large = statistics.median(reset_time(client, "large") for _ in range(args.rounds))
        print(f"{name:12} {small:8.3f} {large:8.3f} {large / small:12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
