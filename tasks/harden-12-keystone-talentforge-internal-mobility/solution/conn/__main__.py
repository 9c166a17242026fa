# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn push` — run every night by Halvard's scheduler."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("push", help="push Keystone's internal-mobility opt-ins into TalentForge")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "push":
        from .config import Settings
        from .push import run_push

        return run_push(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main())
