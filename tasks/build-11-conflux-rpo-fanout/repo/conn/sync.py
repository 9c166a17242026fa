# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync. See TICKET.md."""
from __future__ import annotations

from .config import Settings, load_clients


def sync(settings: Settings, accounts_file: str) -> int:
    clients = load_clients(accounts_file)
    # TODO: for every client, read its candidates from Conflux and keep settings.store_path
    # (tables `candidates` and `account_status`, see TICKET.md) up to date.
    print(f"sync: not implemented yet ({len(clients)} clients configured)")
    return 0
