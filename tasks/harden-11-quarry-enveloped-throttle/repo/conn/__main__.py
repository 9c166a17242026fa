# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn sync` — started every hour by the analytics scheduler."""
from __future__ import annotations

import argparse
import logging
import sys

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="bring the mirror of Quarry's candidates and interviews up to date")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if args.command == "sync":
        from .mirror import sync

        return sync(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main())
