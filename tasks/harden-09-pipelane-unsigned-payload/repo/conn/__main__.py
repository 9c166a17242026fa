# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn setup | serve"""
import sys

USAGE = "usage: python -m conn setup | serve"


def main(argv: list[str]) -> int:
    if argv[:1] == ["setup"]:
        from conn.setup import setup

        return setup()
    if argv[:1] == ["serve"]:
        from conn.receiver import serve

        return serve()
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
