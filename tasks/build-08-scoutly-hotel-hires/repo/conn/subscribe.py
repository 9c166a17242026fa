# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`subscribe`: register our receiver with Scoutly. Run once per deployment, with `serve` up."""


def subscribe() -> int:
    # TODO: register config.receiver_url() + config.HOOK_PATH with Scoutly (see TICKET.md).
    raise NotImplementedError("subscribe is not written yet")
