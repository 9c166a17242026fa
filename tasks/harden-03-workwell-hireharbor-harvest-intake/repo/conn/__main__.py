# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn bridge` — run every night by the co-op's scheduler."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("bridge", help="copy qualified Workwell applicants into HireHarbor")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "bridge":
        from .bridge import run_bridge
        from .config import Settings

        return run_bridge(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main())
