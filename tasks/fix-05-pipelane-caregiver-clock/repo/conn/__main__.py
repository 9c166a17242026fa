# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn sync`."""
from __future__ import annotations

import argparse
import sys

from conn import tracker


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Larkspur compliance tracker jobs.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="refresh interviews.csv and archive stale candidacies")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "sync":
        return tracker.run()
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
