# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`cycle`: run every 15 minutes by the scheduler. See TICKET.md."""


def cycle() -> int:
    # TODO: order a check for every new Offer applicant, collect results, write them back.
    raise NotImplementedError("cycle is not written yet")
