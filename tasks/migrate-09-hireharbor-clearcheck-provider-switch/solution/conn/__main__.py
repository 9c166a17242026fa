# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""python -m conn transition | cycle | serve"""
import sys

USAGE = "usage: python -m conn transition | cycle | serve"


def main(argv: list[str]) -> int:
    if argv[:1] == ["transition"]:
        from conn.switch import transition

        return transition()
    if argv[:1] == ["cycle"]:
        from conn.switch import cycle

        return cycle()
    if argv[:1] == ["serve"]:
        from conn.receiver import serve

        return serve()
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
