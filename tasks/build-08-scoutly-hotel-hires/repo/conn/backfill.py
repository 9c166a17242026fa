# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`backfill`: load today's hires from Scoutly into the board."""


def backfill() -> int:
    # TODO: write every current hire into config.board_file() (table `hires`, see TICKET.md).
    raise NotImplementedError("backfill is not written yet")
