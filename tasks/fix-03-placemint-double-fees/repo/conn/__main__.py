# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn post-fees --week 2026-W10`."""
import argparse
import re
import sys

from conn import fees


def iso_week(value: str) -> str:
    if not re.fullmatch(r"\d{4}-W\d{2}", value):
        raise argparse.ArgumentTypeError("expected an ISO week such as 2026-W10")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Placemint agency-fee jobs.")
    sub = parser.add_subparsers(dest="command", required=True)
    post = sub.add_parser("post-fees", help="post the agency fees of one approved week")
    post.add_argument("--week", required=True, type=iso_week, help="ISO week, e.g. 2026-W10")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "post-fees":
        return fees.post_fees(args.week)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
