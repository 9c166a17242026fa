# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn subscribe | serve"""
import sys

USAGE = "usage: python -m conn subscribe | serve"


def main(argv: list[str]) -> int:
    cmd = argv[:1]
    if cmd == ["subscribe"]:
        from conn.subscribe import subscribe

        return subscribe()
    if cmd == ["serve"]:
        from conn.receiver import serve

        return serve()
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
