# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn funnel --as-of YYYY-MM-DD`."""
from __future__ import annotations

import argparse
import datetime as dt
import sys

from conn import funnel


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Polestar Tutors funnel jobs.")
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("funnel", help="write the daily tutor funnel (funnel.csv)")
    f.add_argument("--as-of", required=True, type=dt.date.fromisoformat, help="the report date, YYYY-MM-DD")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "funnel":
        return funnel.run(args.as_of)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
