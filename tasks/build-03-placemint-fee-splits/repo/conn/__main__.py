# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn post-splits`."""
import argparse
import sys

from conn import splits


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m conn", description="Placemint fee-split jobs.")
    sub = parser.add_subparsers(dest="command", required=True)
    post = sub.add_parser("post-splits", help="credit invoiced fees to partners (nightly)")
    post.add_argument("--credit-sheet", default=None,
                      help="path of the credit sheet CSV (default: materials/credit_sheet.csv)")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "post-splits":
        return splits.post_splits(args.credit_sheet)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
