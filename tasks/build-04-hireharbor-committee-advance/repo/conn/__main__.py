# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn advance --votes <votes.csv>`."""
import argparse
import sys

from conn import advance


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Faculty-search jobs for HireHarbor.")
    sub = parser.add_subparsers(dest="command", required=True)
    adv = sub.add_parser("advance", help="move committee-approved applications to Campus Visit")
    adv.add_argument("--votes", required=True, help="path of the committee votes export (CSV)")
    adv.add_argument("--committees", default=None,
                     help="path of the committee list (default: materials/committees.csv)")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "advance":
        return advance.run(args.votes, args.committees)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
