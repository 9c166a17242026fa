# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`transition` (once, on switch-over night) and `cycle` (every 30 minutes). See TICKET.md."""


def transition() -> int:
    # TODO: decide, for every application in scope, keep / wait / order at ClearCheck.
    raise NotImplementedError("transition is not written yet")


def cycle() -> int:
    # TODO: order what has become due, collect ClearCheck results, write them back.
    raise NotImplementedError("cycle is not written yet")
