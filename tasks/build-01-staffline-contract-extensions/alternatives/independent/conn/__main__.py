# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn apply --file <extensions.csv>`."""
from __future__ import annotations

import argparse
import collections
import sys

from conn.extensions import read_extensions, write_results


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    apply = sub.add_parser("apply", help="apply one weekly extensions file to StaffLine")
    apply.add_argument("--file", required=True, help="path to the hospitals' extensions CSV")
    return parser


def cmd_apply(path: str) -> int:
    from conn.apply import Applier
    from conn.staffline import Config, StaffLine

    try:
        rows = read_extensions(path)
    except (OSError, ValueError, KeyError) as exc:
        print(f"apply: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    print(f"apply: read {len(rows)} rows from {path}")
    api = StaffLine(Config.from_env())
    applier = Applier(api)
    try:
        results = applier.run(rows)
    finally:
        api.save_clock()
    write_results(results)
    tally = collections.Counter(r["outcome"] for r in results)
    print("apply: " + ", ".join(f"{k}={v}" for k, v in sorted(tally.items())))
    return 1 if applier.failed else 0


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "apply":
        return cmd_apply(args.file)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
