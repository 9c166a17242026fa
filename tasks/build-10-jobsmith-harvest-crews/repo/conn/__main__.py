# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn export --cutoff YYYY-MM-DD`."""
from __future__ import annotations

import argparse
import datetime as dt
import sys

from conn import permit


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Thornbury Vineyards permit exports.")
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("export", help="write the county's harvest-permit list (permit_list.csv)")
    ex.add_argument("--cutoff", required=True, type=dt.date.fromisoformat,
                    help="the permit's application cutoff, YYYY-MM-DD (inclusive)")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "export":
        return permit.export(args.cutoff)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
