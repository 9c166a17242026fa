# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn poll` — run every five minutes by the site-access scheduler."""
from __future__ import annotations

import argparse
import sys

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("poll", help="bring the gate list up to date with Benchline")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "poll":
        from .gate import poll

        return poll(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main())
