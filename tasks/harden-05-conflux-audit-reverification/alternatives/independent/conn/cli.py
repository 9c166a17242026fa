# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn verify --list <audit.csv>"""
from __future__ import annotations

import argparse
import sys

from .client import Unavailable
from .verify import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="conn")
    sub = parser.add_subparsers(dest="cmd", required=True)
    verify = sub.add_parser("verify")
    verify.add_argument("--list", required=True, dest="audit_list")
    args = parser.parse_args(argv)
    try:
        counts = run(args.audit_list)
    except Unavailable as exc:
        print(f"conflux could not be read completely, no report: {exc}", file=sys.stderr)
        return 1
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), file=sys.stderr)
    return 0
