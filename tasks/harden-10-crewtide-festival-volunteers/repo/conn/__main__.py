# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn sync`."""
import argparse
import sys

from conn import sync


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Shift-planner jobs for Crewtide.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="bring volunteers.csv up to date with Crewtide")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "sync":
        return sync.run()
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
