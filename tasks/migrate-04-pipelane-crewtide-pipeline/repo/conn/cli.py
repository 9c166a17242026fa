# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: python -m conn migrate --stage-map <csv> --posting-map <csv>."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command")
    mig = sub.add_parser("migrate", help="carry Pipelane's opportunities over to Crewtide (safe to re-run)")
    mig.add_argument("--stage-map", required=True)
    mig.add_argument("--posting-map", required=True)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else 2
    if args.command != "migrate":
        parser.print_usage(sys.stderr)
        return 2
    from conn import migration

    return migration.migrate(args.stage_map, args.posting_map)
