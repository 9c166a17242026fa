# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn serve | backfill"""
import sys

USAGE = "usage: python -m conn serve | backfill"


def main(argv: list[str]) -> int:
    cmd = argv[:1]
    if cmd == ["serve"]:
        from conn.receiver import serve

        return serve()
    if cmd == ["backfill"]:
        from conn.backfill import backfill

        return backfill()
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
