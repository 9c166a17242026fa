# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn sync` — run every 15 minutes by the rail operations scheduler."""
from __future__ import annotations

import argparse
import sys

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="bring the track-worker roster up to date with Benchline")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "sync":
        from .benchline import BenchlineError
        from .sync import sync

        try:
            return sync(Settings.from_env())
        except BenchlineError as exc:
            print(f"sync: failed: {exc}", file=sys.stderr)
            return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
