# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn verify --list <audit.csv>"""
from __future__ import annotations

import argparse
import sys

from .conflux import ConfluxError
from .verify import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="conn")
    sub = parser.add_subparsers(dest="cmd", required=True)
    verify = sub.add_parser("verify", help="re-verify the people of an audit list against Conflux")
    verify.add_argument("--list", required=True, dest="audit_list", help="the audit CSV (conflux_id,remote_id)")
    args = parser.parse_args(argv)
    if args.cmd == "verify":
        try:
            counts = run(args.audit_list)
        except ConfluxError as exc:  # no report rather than a wrong one
            print(f"verification failed, no report written: {exc}", file=sys.stderr)
            return 1
        print("verification: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)
        return 0
    return 2
