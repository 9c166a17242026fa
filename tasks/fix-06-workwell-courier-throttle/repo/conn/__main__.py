# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn sync` — run every morning by the onboarding team's scheduler."""
from __future__ import annotations

import argparse
import sys

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="add this morning's new rider applications to the onboarding list")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "sync":
        from .sync import run_sync

        return run_sync(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main())
