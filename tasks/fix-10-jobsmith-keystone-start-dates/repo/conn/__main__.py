# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn push` (the scheduler runs it every hour)."""
from __future__ import annotations

import argparse
import sys

from .config import Settings


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Jobsmith hires -> Keystone employees")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("push", help="push Jobsmith's hires to Keystone")
    args = parser.parse_args(argv)
    if args.command == "push":
        from .push import push

        return push(Settings.from_env())
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
