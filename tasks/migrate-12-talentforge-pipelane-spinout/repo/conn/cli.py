# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: python -m conn migrate --posting-map <csv> --stage-map <csv>
               python -m conn serve --stage-map <csv>"""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command")
    mig = sub.add_parser("migrate", help="move Greyfriars' candidates to Pipelane (safe to re-run)")
    mig.add_argument("--posting-map", required=True)
    mig.add_argument("--stage-map", required=True)
    srv = sub.add_parser("serve", help="forward TalentForge stage changes during the move week")
    srv.add_argument("--stage-map", required=True)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else 2
    if args.command == "migrate":
        from conn import migration

        return migration.migrate(args.posting_map, args.stage_map)
    if args.command == "serve":
        from conn import receiver

        return receiver.serve(args.stage_map)
    parser.print_usage(sys.stderr)
    return 2
